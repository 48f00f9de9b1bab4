import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { combineWithRules, completionsUrl, parseAnswer } from './moderation.llm.ts';
import {
  createLlmChecker,
  createMessageChecker,
  createRulesChecker,
  type CheckContext,
} from './moderation.ts';

// A local stand-in for an OpenAI-compatible chat completions API. The test sets how it answers.
type Behaviour = { status?: number; delayMs?: number; content?: string; raw?: string };
let behaviour: Behaviour = {};
const requests: { url: string; authorization: string | undefined; body: any }[] = [];

const server = http.createServer((req, res) => {
  let data = '';
  req.on('data', (chunk) => (data += chunk));
  req.on('end', () => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(data) });
    const { status = 200, delayMs = 0, content = '{"verdict":"ok","reasons":[]}', raw } = behaviour;
    const timer = setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(raw ?? JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    }, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  behaviour = {};
  requests.length = 0;
});

const context: CheckContext = { recentMessages: [], now: new Date('2025-06-14T18:00:00Z'), locale: 'tr' };
const checker = (timeoutMs = 2000) =>
  createLlmChecker({
    url: base,
    model: 'mod-1',
    apiKey: 'sk-test',
    timeoutMs,
    fallback: createRulesChecker(),
  });

describe('LLM engine against a local chat completions server', () => {
  it('sends the documented request and uses a good answer', async () => {
    behaviour = { content: '{"verdict":"review","reasons":["harassment"]}' };
    const result = await checker().check('bence sen hiç gelme, kimse seni istemez', context);
    expect(result).toEqual({
      verdict: 'review',
      reasons: ['harassment'],
      engine: 'llm',
      categories: ['harassment'],
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({
      model: 'mod-1',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(request.body.messages.map((m: any) => m.role)).toEqual(['system', 'user']);
    expect(JSON.parse(request.body.messages[1].content)).toEqual({
      message: 'bence sen hiç gelme, kimse seni istemez',
      locale: 'tr',
      kind: 'join_message',
    });
  });

  it('falls back to the rules on a malformed answer', async () => {
    for (const content of [
      'Sure! {"verdict":"ok","reasons":[]}',
      '{"verdict":"maybe","reasons":[]}',
      '{"verdict":"review","reasons":["rude"]}',
      '{"verdict":"review","reasons":[]}',
      '{"verdict":"ok","reasons":["link"]}',
      '{"verdict":"ok","reasons":[],"note":"x"}',
    ]) {
      behaviour = { content };
      expect(await checker().check('0532 123 45 67 ara beni', context), content).toEqual({
        verdict: 'review',
        reasons: ['off_platform', 'phone'],
        engine: 'rules',
        categories: ['off_platform'],
      });
    }
    behaviour = { raw: 'not json at all' };
    expect((await checker().check('selam', context)).engine).toBe('rules');
  });

  it('falls back to the rules when the answer is too slow', async () => {
    behaviour = { delayMs: 3000, content: '{"verdict":"block","reasons":["harassment"]}' };
    const started = Date.now();
    const result = await checker(200).check('amk gelirim', context);
    expect(result).toEqual({
      verdict: 'review',
      reasons: ['profanity'],
      engine: 'rules',
      categories: ['profanity'],
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('falls back to the rules on an HTTP error', async () => {
    behaviour = { status: 500, raw: '{"error":{"message":"overloaded"}}' };
    expect(await checker().check('Merhaba, gelebilir miyim?', context)).toEqual({
      verdict: 'ok',
      reasons: [],
      engine: 'rules',
      categories: [],
    });
  });

  it('falls back to the rules when the server cannot be reached', async () => {
    const dead = createLlmChecker({ url: 'http://127.0.0.1:1', model: 'm', fallback: createRulesChecker() });
    expect((await dead.check('selam', context)).engine).toBe('rules');
  });

  it('never asks about blank messages or about what the rules already block', async () => {
    expect(await checker().check('  ', context)).toEqual({
      verdict: 'ok',
      reasons: [],
      engine: 'rules',
      categories: [],
    });
    expect(await checker().check('siktir git', context)).toMatchObject({ verdict: 'block', engine: 'rules' });
    expect(requests).toHaveLength(0);
  });

  it('cannot clear objective signals but may clear the rules’ judgement calls', async () => {
    behaviour = { content: '{"verdict":"ok","reasons":[]}' };
    expect(await checker().check('numaram 0532 123 45 67', context)).toEqual({
      verdict: 'review',
      reasons: ['phone'],
      engine: 'llm',
      categories: ['off_platform'],
    });
    expect(await checker().check('SELAM BEN DE GELMEK İSTİYORUM ARKADAŞLAR', context)).toEqual({
      verdict: 'ok',
      reasons: [],
      engine: 'llm',
      categories: [],
    });
  });

  it('cannot clear self-harm, accepts the new codes and keeps the per-kind policy', async () => {
    behaviour = { content: '{"verdict":"ok","reasons":[]}' };
    expect(await checker().check('artık yaşamak istemiyorum', context)).toMatchObject({
      verdict: 'review',
      reasons: ['self_harm'],
      engine: 'llm',
    });
    behaviour = { content: '{"verdict":"block","reasons":["doxxing","stalking"]}' };
    const quoted = 'Bana sürekli yazıyor, bence bir bakın';
    expect(await checker().check(quoted, { ...context, kind: 'report' })).toEqual({
      verdict: 'review',
      reasons: ['doxxing', 'stalking'],
      engine: 'llm',
      categories: ['doxxing'],
    });
    expect(JSON.parse(requests.at(-1)!.body.messages[1].content).kind).toBe('report');
    behaviour = { content: '{"verdict":"review","reasons":["link"]}' };
    expect(
      await checker().check('Kayıt: forms.gle/abc', { ...context, kind: 'event_description' }),
    ).toMatchObject({ verdict: 'ok', reasons: [], engine: 'llm' });
  });
});

describe('combineWithRules', () => {
  it('keeps a rules block and merges the reasons', () => {
    expect(
      combineWithRules(
        { verdict: 'block', reasons: ['profanity'], engine: 'rules', categories: ['profanity'] },
        { verdict: 'ok', reasons: [] },
      ),
    ).toEqual({ verdict: 'block', reasons: ['profanity'], engine: 'llm', categories: ['profanity'] });
  });

  it('lets the LLM raise a verdict', () => {
    expect(
      combineWithRules(
        { verdict: 'review', reasons: ['link'], engine: 'rules', categories: ['spam'] },
        { verdict: 'block', reasons: ['crypto'] },
      ),
    ).toEqual({ verdict: 'block', reasons: ['crypto', 'link'], engine: 'llm', categories: ['scam', 'spam'] });
  });
});

describe('parseAnswer and completionsUrl', () => {
  it('accepts only the exact answer shape', () => {
    const wrap = (content: unknown) => ({ choices: [{ message: { content } }] });
    expect(parseAnswer(wrap('{"verdict":"block","reasons":["threat","hate"]}'))).toEqual({
      verdict: 'block',
      reasons: ['threat', 'hate'],
    });
    expect(parseAnswer(wrap(' {"verdict":"ok","reasons":[]}\n'))).toEqual({ verdict: 'ok', reasons: [] });
    expect(parseAnswer(wrap('{"verdict":"review","reasons":["duplicate"]}'))).toBeUndefined();
    expect(parseAnswer(wrap('{"verdict":"block","reasons":["wallet","phishing"]}'))).toEqual({
      verdict: 'block',
      reasons: ['phishing', 'wallet'],
    });
    expect(parseAnswer(wrap('["ok"]'))).toBeUndefined();
    expect(parseAnswer(wrap(42))).toBeUndefined();
    expect(parseAnswer({})).toBeUndefined();
    expect(parseAnswer(null)).toBeUndefined();
  });

  it('appends /chat/completions unless the URL already ends with it', () => {
    expect(completionsUrl('https://api.example.com/v1')).toBe('https://api.example.com/v1/chat/completions');
    expect(completionsUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1/chat/completions');
    expect(completionsUrl('http://x/openai/chat/completions')).toBe('http://x/openai/chat/completions');
  });
});

describe('createMessageChecker', () => {
  it('uses the LLM only when both a URL and a model are configured', async () => {
    behaviour = { content: '{"verdict":"review","reasons":["harassment"]}' };
    const text = 'sen kimsin ya';
    expect(await createMessageChecker({ moderationLlm: {} }).check(text, context)).toMatchObject({
      engine: 'rules',
    });
    expect(await createMessageChecker({ moderationLlm: { url: base } }).check(text, context)).toMatchObject({
      engine: 'rules',
    });
    expect(
      await createMessageChecker({ moderationLlm: { url: base, model: 'm', key: 'k' } }).check(text, context),
    ).toEqual({ verdict: 'review', reasons: ['harassment'], engine: 'llm', categories: ['harassment'] });
    expect(requests.at(-1)!.authorization).toBe('Bearer k');
  });

  it('asks the LLM only when the rules and the model are unsure (ADR 073)', async () => {
    const checker = createMessageChecker({ moderationLlm: { url: base, model: 'm' } });
    behaviour = { content: '{"verdict":"review","reasons":["advances"]}' };
    // Clearly fine to every layer: no call, the rules' answer.
    expect(await checker.check('Merhaba, kaleci olarak gelebilir miyim? Saat kaçta?', context)).toEqual({
      verdict: 'ok',
      reasons: [],
      engine: 'rules',
      categories: [],
    });
    expect(requests).toHaveLength(0);
    // No rule fires, but the model is not sure it is fine: the LLM decides.
    expect(await checker.check('bu etkinliğe sırf host için geliyorum', context)).toMatchObject({
      verdict: 'review',
      reasons: ['advances'],
      engine: 'llm',
    });
    expect(requests).toHaveLength(1);
    // A rule's review is always a question for the LLM.
    behaviour = { content: '{"verdict":"ok","reasons":[]}' };
    expect(await checker.check('tek başına mı geliyorsun', context)).toMatchObject({ engine: 'llm' });
    expect(requests).toHaveLength(2);
  });
});
