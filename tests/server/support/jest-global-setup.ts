import { makeTemplates } from './database-templates'

/** Jest's global set-up: the migrated databases every server test copies (database-templates.ts). */
export default makeTemplates
