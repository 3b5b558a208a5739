// A full agent Run: the model sees the skills in the `skill` tool's description, picks one
// by name, reads its instructions, then reads the reference they point to, then answers.
import { describe, expect, it } from 'vitest';
import { createAgent, createSkillTool, loadSkills, type Message, type ProviderRequest } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { projectSkills, userSkills } from './skillTestKit.js';

describe('an agent with skills', () => {
  it('picks a skill by name, reads its body and then a reference, and the session records each step', async () => {
    const { skills } = await loadSkills([projectSkills, userSkills]);
    const provider = createScriptedProvider([
      (request: ProviderRequest) => {
        // The model chooses from the description alone: no body has been read yet.
        const description = request.tools.find((tool) => tool.name === 'skill')?.description ?? '';
        const chosen = /^- (pdf-[a-z-]+): .*PDF form/m.exec(description)?.[1];
        expect(description).not.toContain('# PDF tools');
        return { toolCalls: [{ id: 'call-1', name: 'skill', arguments: JSON.stringify({ name: chosen }) }] };
      },
      (request: ProviderRequest) => {
        const body = request.messages.at(-1)?.content ?? '';
        const reference = /`(references\/[^`]+)`/.exec(body)?.[1];
        return { toolCalls: [{ id: 'call-2', name: 'skill', arguments: { name: 'pdf-tools', file: reference } }] };
      },
      { text: 'The form needs applicant_name and date_of_birth.' },
    ]);
    const agent = createAgent({ provider });
    agent.tools.register(createSkillTool(skills));

    const output = await agent.run('Fill in this PDF form for me.');

    expect(output).toMatchObject({ status: 'completed', iterations: 2, text: 'The form needs applicant_name and date_of_birth.' });
    expect(output.messages).toEqual<Message[]>([
      { role: 'user', content: 'Fill in this PDF form for me.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call-1', name: 'skill', arguments: '{"name":"pdf-tools"}' }] },
      {
        role: 'tool',
        toolCallId: 'call-1',
        isError: false,
        content: expect.stringMatching(/^# PDF tools\n[\s\S]*Bundled files .*\n- assets\/template\.txt\n- references\/forms\.md\n- scripts\/fill\.py$/),
      },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call-2', name: 'skill', arguments: { name: 'pdf-tools', file: 'references/forms.md' } }] },
      {
        role: 'tool',
        toolCallId: 'call-2',
        isError: false,
        content: '# Form fields\n\n- `applicant_name`: text, required\n- `date_of_birth`: date (YYYY-MM-DD)\n',
      },
      { role: 'assistant', content: 'The form needs applicant_name and date_of_birth.' },
    ]);
    expect(provider.calls).toBe(3);
  });

  it('gives the model an unknown_skill error result it can recover from', async () => {
    const { skills } = await loadSkills([projectSkills]);
    const provider = createScriptedProvider([
      { toolCalls: [{ id: 'c1', name: 'skill', arguments: '{"name":"pdf"}' }] },
      { text: 'No such skill.' },
    ]);
    const agent = createAgent({ provider, tools: [createSkillTool(skills)] });
    const output = await agent.run('go');
    expect(output.messages[2]).toEqual({
      role: 'tool',
      toolCallId: 'c1',
      isError: true,
      code: 'unknown_skill',
      content: 'Unknown skill "pdf". Known skills: commit-messages, pdf-tools.',
    });
  });
});
