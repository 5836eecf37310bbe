import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok, pageOf, readPage } from '../management-reply.ts'

/**
 * `GET /api/user/topup/info`: what new-api's top-up page reads, as a site answers it with no
 * payment configured: no online payment, no payment methods, its default amount options. Codes
 * are redeemed with `POST /api/user/topup`.
 */
export const topUpInfoRoute = defineRoute({
  id: 'dashboard.top_up_info',
  method: 'GET',
  path: '/api/user/topup/info',
  surface: 'dashboard',
  auth: userAuth,
  banner: 'the top-up page: payment off, amount options',
  handle: () =>
    ok({
      amount_options: [10, 20, 50, 100, 200, 500],
      creem_products: '[]',
      discount: {},
      enable_creem_topup: false,
      enable_online_topup: false,
      enable_stripe_topup: false,
      min_topup: 1,
      pay_methods: [],
      stripe_min_topup: 1,
    }),
})

/**
 * `GET /api/user/topup/self[?p=&page_size=&keyword=]`: the user's payment orders, paged. new-api
 * keeps redemptions apart from orders (they are top-up logs), and the mock takes no payments, so
 * the page is always empty.
 */
export const userTopUpsRoute = defineRoute({
  id: 'dashboard.user_top_ups',
  method: 'GET',
  path: '/api/user/topup/self',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the user's payment orders (none: the mock takes no payments)",
  handle: ({ url }) => ok(pageOf([], readPage(url))),
})
