/** A key of the imported world and the upstream key it stands for. */
export interface ImportedKey {
  /** How reports name the upstream key (`--key 2 (sk-a…bcd)`). */
  label: string
  /** The upstream key, masked (`sk-a…bcd`). */
  upstream: string
  /** The upstream token's name, which the local key keeps. */
  name: string
  /** The key in the imported world. */
  local: string
  /** Its group as the world has it (`auto` included; the owner's group when it has none of its own). */
  group: string
}
