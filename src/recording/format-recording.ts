import type { Recording } from './recording-schema.ts'

/**
 * A recording as its file holds it: JSON indented for reading and diffs, with arrays of numbers
 * (embedding vectors) kept on one line each, where one number a line would bury the rest.
 */
export function formatRecording(recording: Recording): string {
  const inline: string[] = []
  // A marker no JSON text can hold: its number is the place of the array it stands for.
  const marker = `\u0000${Math.random().toString(36).slice(2)}:`
  const text = JSON.stringify(
    recording,
    (_, value: unknown) => {
      if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'number')) {
        inline.push(`[${value.join(', ')}]`)
        return `${marker}${inline.length - 1}`
      }
      return value
    },
    2,
  )
  const quoted = JSON.stringify(marker).slice(1, -1)
  return `${text.replace(new RegExp(`"${quoted.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g'), (_, index: string) => inline[Number(index)]!)}\n`
}
