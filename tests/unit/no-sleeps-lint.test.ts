/**
 * The lint rule that keeps sleeps out of the tests (issue 32, eslint.config.js): each way of
 * sleeping is reported, and the escape for a sleep that is the behaviour under test needs its
 * reason on the line. Checked on snippets so that a selector matching nothing cannot pass unseen.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function problems(code: string, filePath = "tests/integration/example.test.ts") {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe("no sleeps in tests", () => {
  it.each([
    ["a promised timeout", "await new Promise((resolve) => setTimeout(resolve, 100));"],
    ["one in a block", "await new Promise((resolve) => {\n  setTimeout(resolve, 100);\n});"],
    ["a resolve after a timeout", 'await new Promise((resolve) => setTimeout(() => resolve("x"), 100));'],
    [
      "Playwright's fixed wait",
      "declare const page: { waitForTimeout(ms: number): Promise<void> };\nawait page.waitForTimeout(100);",
    ],
    ["a sleep helper", "const sleep = (ms: number) => ms;\nsleep(1);"],
  ])("reports %s", async (_, code) => {
    expect(await problems(`${code}\nexport {};\n`)).toContain("no-restricted-syntax");
  });

  it("reports the promised setTimeout of node:timers/promises", async () => {
    const code = 'import { setTimeout } from "node:timers/promises";\nawait setTimeout(10);\n';
    expect(await problems(code)).toContain("no-restricted-imports");
  });

  it("leaves a timer that is not a sleep alone (a deadline that kills a process)", async () => {
    const code =
      "declare const child: { kill(): void; once(e: string, f: () => void): void };\n" +
      "await new Promise<void>((resolve) => {\n  const kill = setTimeout(() => child.kill(), 1000);\n" +
      '  child.once("exit", () => {\n    clearTimeout(kill);\n    resolve();\n  });\n});\n';
    expect(await problems(code)).toEqual([]);
  });

  it("takes the escape only with its reason", async () => {
    const sleeping = "await new Promise((resolve) => setTimeout(resolve, 100));\nexport {};\n";
    const bare = `// eslint-disable-next-line no-restricted-syntax\n${sleeping}`;
    const reasoned = `// eslint-disable-next-line no-restricted-syntax -- waiting out a TTL is the behaviour\n${sleeping}`;
    expect(await problems(bare)).toEqual(["tests/disable-with-reason"]);
    expect(await problems(reasoned)).toEqual([]);
  });

  it("applies to tests only", async () => {
    const code = "await new Promise((resolve) => setTimeout(resolve, 100));\nexport {};\n";
    expect(await problems(code, "app/lib/example.ts")).toEqual([]);
  });
});
