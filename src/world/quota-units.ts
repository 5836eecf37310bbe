/** The gateway counts quota in units: 500 000 units are one US dollar. */
export const quotaPerUnit = 500_000

/** The unit of the gateway's quota amounts, as a mistake in one says it (registered in `valueUnits`). */
export const quotaUnit = { unit: 'in units; 500 000 = 1 USD' }

export function unitsToUsd(units: number): number {
  return units / quotaPerUnit
}

/** Units as the real gateway prints USD in its messages: six decimals. */
export function formatUsd(units: number): string {
  return unitsToUsd(units).toFixed(6)
}
