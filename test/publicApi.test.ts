// The public surface is named, not wildcarded: this list changes only on purpose.
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as tinyagent from '../src/index.js';
import * as mcp from '../src/mcp/index.js';
import * as postgres from '../src/postgres/index.js';
import * as dbos from '../src/dbos/index.js';
import * as testing from '../src/testing.js';
import type { Agent, RunEvent, RunOutput, Tool, ToolResult, Provider, Message, SessionStore, RunLimits } from '../src/index.js';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(tinyagent).sort()).toEqual([
      'ConfigurationError',
      'DEFAULT_LIMITS',
      'FINAL_ANSWER_TOOL',
      'FileSessionStore',
      'FileToolErrorCode',
      'McpErrorCode',
      'MemorySessionStore',
      'ProviderError',
      'RegistrationErrorCode',
      'RunError',
      'RunErrorCode',
      'SessionError',
      'SessionErrorCode',
      'ShellToolErrorCode',
      'SkillToolErrorCode',
      'TinyAgentError',
      'ToolErrorCode',
      'ToolRegistrationError',
      'ToolRegistry',
      'agentTool',
      'checkElicitationContent',
      'connectMcpServers',
      'createAgent',
      'createAnthropicProvider',
      'createFileInspector',
      'createFileOAuthStore',
      'createFileTools',
      'createLoopbackRedirect',
      'createMemoryOAuthStore',
      'createOpenAIProvider',
      'createRunActor',
      'createShellTool',
      'createSkillTool',
      'defineTool',
      'evaluatePermission',
      'isDurableSessionStore',
      'isTerminalRunEvent',
      'killMcpServerProcesses',
      'loadMcpConfig',
      'loadSkills',
      'openInBrowser',
      'parsePermissionRules',
      'provideRunEnvironment',
      'providerFromEnv',
      'repairInterruptedCalls',
      'resolveLimits',
      'resumeRunActor',
      'runEvents',
      'runMachine',
      'runToPromise',
      'toolCallMachine',
      'toolCallTraceparent',
      'traceIdOfRun',
      'traceRun',
    ]);
  });

  it('keeps test doubles in tinyagent/testing only', () => {
    expect(Object.keys(testing).sort()).toEqual(['ScriptExhaustedError', 'createScriptedProvider', 'sessionStoreConformance']);
  });

  it('exports the MCP module from tinyagent/mcp, each name also in the main entry', () => {
    const names = Object.keys(mcp).sort();
    expect(names).toEqual([
      'McpErrorCode',
      'checkElicitationContent',
      'connectMcpServers',
      'createFileOAuthStore',
      'createLoopbackRedirect',
      'createMemoryOAuthStore',
      'killMcpServerProcesses',
      'loadMcpConfig',
      'openInBrowser',
    ]);
    for (const name of names) expect(tinyagent[name as keyof typeof tinyagent], name).toBe(mcp[name as keyof typeof mcp]);
  });

  it("keeps the core's ToolErrorCode to the runtime's codes; each module's codes are its own", () => {
    expect(Object.values(tinyagent.ToolErrorCode)).not.toContain('path_outside_root');
    expect(tinyagent.FileToolErrorCode.pathOutsideRoot).toBe('path_outside_root');
    expect(tinyagent.SkillToolErrorCode.pathOutsideRoot).toBe('path_outside_root');
    expect(tinyagent.ShellToolErrorCode).toMatchObject({ commandFailed: 'command_failed', timeout: 'timeout' });
    expect(tinyagent.McpErrorCode).toEqual({ serverClosed: 'mcp_server_closed', timeout: 'timeout' });
  });

  it('keeps the contract names and shapes of the main types', () => {
    expectTypeOf<ReturnType<Agent['run']>>().toEqualTypeOf<Promise<RunOutput>>();
    expectTypeOf<ReturnType<Agent['resume']>>().toEqualTypeOf<Promise<RunOutput>>();
    expectTypeOf<RunOutput['status']>().toEqualTypeOf<'completed' | 'limit_reached' | 'cancelled' | 'failed'>();
    expectTypeOf<Tool['execute']>().returns.toEqualTypeOf<Promise<ToolResult | string>>();
    expectTypeOf<Provider['complete']>().parameters.toMatchTypeOf<[unknown, { signal: AbortSignal }]>();
    expectTypeOf<Message['role']>().toEqualTypeOf<'system' | 'user' | 'assistant' | 'tool'>();
    expectTypeOf<SessionStore['load']>().returns.toEqualTypeOf<Promise<Message[]>>();
    expectTypeOf<keyof RunLimits>().toEqualTypeOf<
      | 'maxIterations'
      | 'maxOutputChars'
      | 'maxConcurrency'
      | 'cancelGraceMs'
      | 'maxCallsPerResponse'
      | 'maxArgumentsChars'
      | 'maxTextChars'
      | 'maxInputTokens'
      | 'maxOutputTokens'
      | 'maxTotalTokens'
      | 'maxToolCalls'
      | 'maxDurationMs'
      | 'maxCostUsd'
    >();
    expectTypeOf<RunEvent['type']>().toEqualTypeOf<
      | 'run.started'
      | 'run.resumed'
      | 'provider.requested'
      | 'provider.responded'
      | 'text.delta'
      | 'tool.started'
      | 'tool.completed'
      | 'tool.failed'
      | 'tool.approval_requested'
      | 'tool.approval_resolved'
      | 'tool.hook_decided'
      | 'run.completed'
      | 'run.failed'
      | 'run.cancelled'
    >();
  });

  it('gives every error a stable code and one payload shape', () => {
    const errors = [
      new tinyagent.ConfigurationError('x'),
      new tinyagent.ProviderError('x'),
      new tinyagent.ToolRegistrationError('duplicate_tool', 'x'),
      new tinyagent.SessionError('invalid_session_id', 'x'),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(tinyagent.TinyAgentError);
      expect(typeof error.code).toBe('string');
      expect(error.name).toBe(error.constructor.name);
    }
  });

  it('exports exactly these values from tinyagent/testing, tinyagent/postgres and tinyagent/dbos', () => {
    expect(Object.keys(testing).sort()).toEqual(['ScriptExhaustedError', 'createScriptedProvider', 'sessionStoreConformance']);
    expect(Object.keys(postgres).sort()).toEqual(['PostgresSessionStore']);
    expect(Object.keys(dbos).sort()).toEqual(['registerDurableAgent']);
  });
});
