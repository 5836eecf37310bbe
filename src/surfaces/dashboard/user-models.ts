import { userAuth } from '../../auth/user-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { autoGroupsOf, groupModels, usableGroups } from '../../world/visibility.ts'

/**
 * `GET /api/user/models[?group=G]`: the model names enabled in the groups the access token's
 * user may use (priced or not, as the gateway lists them); `?group=` narrows it to one of those
 * groups, `auto` to the user's auto groups, and any other group gives `[]`.
 */
export const userModelsRoute = defineRoute({
  id: 'dashboard.user_models',
  method: 'GET',
  path: '/api/user/models',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the models of the access token's user's groups (?group=)",
  handle(context) {
    const { runtime, auth } = context
    const usable = usableGroups(auth.user)
    const asked = context.url.searchParams.get('group') ?? ''
    const groups =
      asked === '' ? usable : asked === 'auto' ? autoGroupsOf(runtime.world, auth.user) : usable.filter((name) => name === asked)
    return json({ success: true, message: '', data: groupModels(runtime.world, groups) })
  },
})
