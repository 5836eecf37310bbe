import { seededRandom } from '../random/stable-hash.ts'

// Each of these is a single o200k_base token after a space, and "Lorem" is one at the start,
// so the text has exactly as many tokens as words.
const words = (
  'lorem ipsum dolor sit amet sed do ut et ad ex ea in non qui id est anim esse quis magna dolore labore ' +
  'tempor elit minim enim velit nulla sunt culpa officia laboris commodo aute voluptate fugiat deserunt ' +
  'consequat veniam pariatur exercitation aliqua'
).split(' ')

/** Filler text of exactly `tokens` tokens in o200k_base, chosen from `seed`. */
export function loremText(tokens: number, seed: string): string {
  const random = seededRandom(seed)
  const out = ['Lorem']
  for (let i = 1; i < tokens; i++) out.push(words[Math.floor(random() * words.length)]!)
  return out.join(' ')
}
