/** A write acknowledged with 200: the id and name the client was told about. */
export interface Ack {
  id: string;
  name: string;
}

/**
 * `workers` loops posting addMeasure (3 evidence items, 2 risk links: one write spanning three
 * tables) until `stop()` is called or the server goes away; returns what was acknowledged.
 */
export function writeBurst({
  url,
  token,
  organizationId,
  riskIds,
  workers,
}: {
  url: string;
  token: string;
  organizationId: string;
  riskIds: string[];
  workers: number;
}) {
  const acks: Ack[] = [];
  let running = true;
  let sent = 0;
  const loop = async (worker: number) => {
    for (let i = 0; running; i++) {
      const name = `burst ${worker}-${i}`;
      sent++;
      try {
        const reply = await fetch(`${url}/api/mcp/tools/addMeasure`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            organization_id: organizationId,
            name,
            evidence: [1, 2, 3].map((n) => ({ title: `${name} evidence ${n}` })),
            risk_ids: riskIds,
          }),
        });
        if (reply.status === 200) acks.push({ id: ((await reply.json()) as { id: string }).id, name });
      } catch {
        return; // the server is gone
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return {
    acks,
    sent: () => sent,
    async stop() {
      running = false;
      await done;
    },
  };
}
