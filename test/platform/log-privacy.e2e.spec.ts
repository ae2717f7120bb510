import { expect } from 'chai';
import { createLogger } from '../../src/platform/logger';
import { maskPersonalNumbers, pathForLog } from '../../src/platform/log-privacy';
import { TestPlatform } from '../support/test-platform';

type LogLine = Record<string, unknown> & { msg: string; traceId?: string };
const IDNP = '2123456789012';

describe('No personal number reaches the technical log (e2e over mTLS)', () => {
  let platform: TestPlatform;
  const lines: LogLine[] = [];
  const raw: string[] = [];

  before(async () => {
    const logger = createLogger('debug', {
      write: (line: string) => {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    });
    platform = await TestPlatform.start({ logger });
  });
  after(() => platform.stop());

  const refusalOf = (traceId: string) => {
    const found = lines.filter((line) => line.traceId === traceId);
    expect(found, `log lines with trace id ${traceId}`).to.have.length(1);
    return found[0];
  };

  const cases: { name: string; send: (client: ReturnType<TestPlatform['client']>) => ReturnType<ReturnType<TestPlatform['client']>['get']>; path: string }[] = [
    { name: 'a booking path', send: (client) => client.request('PATCH', `/api/v2/appointments/${IDNP}/confirm`), path: '/api/v2/appointments/:appointmentId/confirm' },
    { name: 'a notification id', send: (client) => client.get(`/api/Notification/${IDNP}`), path: '/api/Notification/:id' },
    { name: 'an event-log UID', send: (client) => client.get(`/query/${IDNP}`), path: '/query/:uid' },
    { name: 'an audit stream id', send: (client) => client.get(`/api/v1/audit/streams/booking-person-${IDNP}/events`), path: '/api/v1/audit/streams/:streamId/events' },
    { name: 'an unknown path', send: (client) => client.get(`/no/such/${IDNP}/path`), path: '/no/such/:value/path' },
  ];

  for (const { name, send, path } of cases) {
    it(`a refusal on ${name} logs the route's template, not the number`, async () => {
      const response = await send(platform.client(name === 'an audit stream id' ? 'demo-auditor' : 'demo-institution'));
      expect(response.status).to.be.within(400, 499);
      const line = refusalOf(response.json().traceId);
      expect(line.path).to.equal(path);
      expect(raw.join('\n')).to.not.include(IDNP);
    });
  }

  it('masks every run of 13 digits in a line, the last line of defence, and keeps ISO times', () => {
    const written: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void written.push(line) });
    logger.info({ note: `person ${IDNP}`, err: new Error(`failed for ${IDNP}`) }, `about ${IDNP}`);
    expect(written).to.have.length(1);
    expect(written[0]).to.not.include(IDNP);
    expect(JSON.parse(written[0]).time).to.match(/^\d{4}-\d\d-\d\dT/);
    expect(maskPersonalNumbers(`a ${IDNP}0 b`)).to.include(`${IDNP}0`);
  });

  it('names unmatched paths by their literal segments only', () => {
    expect(pathForLog('/ce/produce/event')).to.equal('/ce/produce/event');
    expect(pathForLog('/bridge-1/ce/consumers/group@x/instances/abc')).to.equal('/:value/ce/consumers/:value/instances/abc');
  });
});
