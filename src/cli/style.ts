import { styleText } from 'node:util'

type Style = Parameters<typeof styleText>[0]

// node:util's styleText already honours NO_COLOR, FORCE_COLOR and non-TTY output, so no colour library is needed.
const paint = (style: Style) => (text: string) => styleText(style, text)

export const style = {
  bold: paint('bold'),
  dim: paint('dim'),
  green: paint('green'),
  yellow: paint('yellow'),
  red: paint('red'),
  cyan: paint('cyan'),
  status: (status: number) => paint(status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green')(String(status)),
}
