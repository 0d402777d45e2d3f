// Lints snippets with ESLint's Node API and the project's eslint.config.js, all in one ESLint
// run (one config load), as its own Node process: the config is an ES module, which Jest's
// module system cannot load. stdin: [{ code, filePath }]; stdout: the messages of each, in order.
import { ESLint } from 'eslint'

const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const snippets = JSON.parse(Buffer.concat(chunks).toString('utf8'))
const eslint = new ESLint({ cwd: process.cwd() })
const results = []
for (const { code, filePath } of snippets) {
  const [result] = await eslint.lintText(code, { filePath })
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })))
}
process.stdout.write(JSON.stringify(results))
