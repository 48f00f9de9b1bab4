// Chat benchmark (npm run bench -- --chat): two app instances on PostgreSQL + Redis. An event's group
// chat with 20 members (the host and 19 accepted participants); every member subscribes to
// messageAdded on instance A; members send messages through instance B at a steady rate; we measure
// send → delivery latency at every subscriber (ADR 042). Target p99 <= 100 ms.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { gql, percentile, twoInstances } from './realtime.ts';

export async function chatBench(options: {
  adminUrl: string;
  redisUrl: string;
  members: number;
  messages: number;
  perSecond: number;
}) {
  const { token, portA, portB, stop } = await twoInstances(
    options.adminUrl,
    options.redisUrl,
    'squad_chat',
    5400,
  );
  const clients: Client[] = [];
  try {
    const hostToken = await token();
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const created = await gql(
      portB,
      hostToken,
      'mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }',
      {
        input: {
          mode: 'ONLINE',
          title: 'Bench grup sohbeti',
          description: 'Gerçek zamanlı sohbet ölçümü için.',
          category: 'popular-games',
          tags: ['valorant'],
          date,
          time: '20:00',
          durationMinutes: 120,
          maxParticipants: options.members,
          platform: 'valorant',
        },
      },
    );
    const eventId = created.createEvent.event.id as string;
    const tokens = [hostToken];
    for (let i = 1; i < options.members; i++) {
      const t = await token();
      const asked = await gql(
        portB,
        t,
        'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }',
        { input: { eventId, message: 'Selam, ben de oynamak isterim!' } },
      );
      await gql(
        portB,
        hostToken,
        'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }',
        {
          id: asked.requestToJoin.joinRequest.id,
        },
      );
      tokens.push(t);
    }
    const inbox = await gql(portB, hostToken, '{ conversations(first: 5) { nodes { id kind } } }');
    const groupId = (inbox.conversations.nodes as { id: string; kind: string }[]).find(
      (c) => c.kind === 'EVENT_GROUP',
    )!.id;

    // Every member listens on instance A.
    const received = new Map<string, number[]>();
    for (const t of tokens) {
      const client = createClient({
        url: `ws://127.0.0.1:${portA}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { Authorization: `Bearer ${t}` },
        retryAttempts: 0,
        lazy: false,
      });
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        client.subscribe<{ messageAdded: { body: string } }>(
          {
            query: 'subscription($c: ID) { messageAdded(conversationId: $c) { body } }',
            variables: { c: groupId },
          },
          {
            next: (v) => {
              const key = v.data?.messageAdded.body;
              if (key) received.set(key, [...(received.get(key) ?? []), performance.now()]);
            },
            error: reject,
            complete: () => {},
          },
        );
        client.on('connected', () => resolve());
      });
    }
    // Warm-up (not measured): the first messages pay for compiling the content check's paths, the
    // first statements of each kind, and the first digests queued per member.
    for (let i = 0; i < 40; i++)
      await gql(
        portB,
        tokens[i % tokens.length],
        'mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { message { id } } }',
        { input: { conversationId: groupId, body: `Isınma ${i}` } },
      );
    await new Promise((r) => setTimeout(r, 1000));

    console.log(
      `[chat] ${options.messages} messages at ${options.perSecond}/s through B, ${tokens.length} members on A`,
    );
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const interval = 1000 / options.perSecond;
    const began = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < options.messages; i++) {
      const due = began + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const body = `Mesaj ${i}: bu akşam 21:00'de lobide buluşuyoruz`;
      sentAt.set(body, performance.now());
      pending.push(
        gql(
          portB,
          tokens[i % tokens.length],
          'mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { message { id } } }',
          {
            input: { conversationId: groupId, body },
          },
        ).then(() => answeredAt.set(body, performance.now())),
      );
    }
    await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 2000));
    const worst = [...sentAt]
      .map(([body, at], i) => ({
        i,
        max: Math.max(...(received.get(body) ?? [at]).map((t) => t - at)),
        answer: (answeredAt.get(body) ?? at) - at,
      }))
      .sort((x, y) => y.max - x.max)
      .slice(0, 8);
    console.log(
      '[chat] slowest messages (index: ms):',
      worst.map((w) => `${w.i}: ${w.max.toFixed(0)} (answer ${w.answer.toFixed(0)})`).join(', '),
    );
    const latencies = [...sentAt]
      .flatMap(([body, at]) => (received.get(body) ?? []).map((t) => t - at))
      .sort((x, y) => x - y);
    return {
      deliveries: `${latencies.length}/${options.messages * tokens.length}`,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    await Promise.allSettled(clients.map((c) => Promise.resolve(c.dispose())));
    await stop();
  }
}
