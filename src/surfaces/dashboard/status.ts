import { noAuth } from '../../auth/auth-requirement.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { quotaPerUnit } from '../../world/quota-units.ts'
import { version } from '../../version.ts'

/** `GET /api/status`: public gateway facts that dashboards read before logging in. */
export const statusRoute = defineRoute({
  id: 'dashboard.status',
  method: 'GET',
  path: '/api/status',
  surface: 'dashboard',
  auth: noAuth,
  banner: 'public gateway facts',
  handle: ({ runtime }) =>
    json({
      success: true,
      message: '',
      data: {
        version: `llm-gateway-mock ${version}`,
        start_time: Math.floor(runtime.startedAt / 1000),
        system_name: runtime.world.settings.systemName,
        quota_per_unit: quotaPerUnit,
        quota_display_type: 'USD',
        display_in_currency: true,
        usd_exchange_rate: 1,
        self_use_mode_enabled: runtime.world.settings.selfUseMode,
        default_use_auto_group: false,
        register_enabled: false,
        setup: true,
      },
    }),
})
