// @ts-check
// Everything the page shows of what a client sent or the gateway answered goes through `el` and
// `replace`: strings become text nodes, never markup, so a prompt holding <script> or an onerror
// attribute is shown and runs nothing. Nothing here sets innerHTML.

/**
 * An element with properties and children. Children are nodes or strings (text); `on…` properties
 * are listeners; other properties are attributes set by name, with values as plain strings.
 * @param {string} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Node | string | number | null | undefined | false | (Node | string)[])} children
 * @returns {HTMLElement}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), /** @type {EventListener} */ (value))
    else if (name === 'class') node.className = String(value)
    else node.setAttribute(name, value === true ? '' : String(value))
  }
  append(node, children)
  return node
}

/**
 * Replaces a node's children.
 * @param {Element} node
 * @param {...(Node | string | number | null | undefined | false | (Node | string)[])} children
 */
export function replace(node, ...children) {
  node.replaceChildren()
  append(node, children)
}

/**
 * @param {Element} node
 * @param {unknown[]} children
 */
function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue
    node.append(child instanceof Node ? child : String(child))
  }
}

/**
 * A table with a header row and one row per item.
 * @template T
 * @param {string[]} headings
 * @param {T[]} items
 * @param {(item: T) => (Node | string | number | null | undefined)[]} cells
 */
export function table(headings, items, cells) {
  return el(
    'table',
    {},
    el('thead', {}, el('tr', {}, ...headings.map((heading) => el('th', {}, heading)))),
    el('tbody', {}, ...items.map((item) => el('tr', {}, ...cells(item).map((cell) => el('td', {}, cell ?? ''))))),
  )
}

/**
 * A duration as people read it: 850 ms, 12 s, 1 min 30 s.
 * @param {number} ms
 */
export function duration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`
  const hours = Math.floor(minutes / 60)
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
}
