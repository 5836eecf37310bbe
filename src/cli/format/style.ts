import { styleText } from 'node:util'

type Style = Parameters<typeof styleText>[0]

// node:util's styleText already honours NO_COLOR, FORCE_COLOR and non-TTY output, so no colour library is needed.
// It asks the environment and the terminal on every call, which the request log does several times a request: the
// answer cannot change while the process runs, so it is asked once, when the first text is styled.
let colours: boolean | undefined
const paint = (style: Style) => (text: string) => {
  colours ??= styleText('red', 'x') !== 'x'
  return colours ? styleText(style, text, { validateStream: false }) : text
}

const green = paint('green')
const yellow = paint('yellow')
const red = paint('red')

export const style = {
  bold: paint('bold'),
  dim: paint('dim'),
  green,
  yellow,
  red,
  cyan: paint('cyan'),
  status: (status: number) => (status >= 500 ? red : status >= 400 ? yellow : green)(String(status)),
}
