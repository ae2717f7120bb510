import { expect } from 'chai';
import { pino } from 'pino';
import { ownerToken, STRANGER_KEY, startPetitionsPlatform, TEST_NOW, type PetitionsPlatform } from './petitions-test-kit';

type LogLine = Record<string, unknown> & { msg: string };

/**
 * The technical log names a refused request's route template, never the path it was sent to: the
 * requestor paths carry an IDNP or IDNO (the seed's contextId), and a careless client may put a name
 * there. Found by a black-box probe: a client without the petitions rights, or with an invalid token, was
 * refused for the whole /petitie/authority or /petitie/requestor prefix, before any route matched, so its
 * line showed the path as sent (GET /petitie/requestor/Popescu/Ion).
 */
describe('Petitions: refusals are logged by their route template (e2e over mTLS)', function () {
  this.timeout(60_000);
  let petitions: PetitionsPlatform;
  const lines: LogLine[] = [];

  before(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    petitions = await startPetitionsPlatform({ logger });
  });
  after(() => petitions.platform.stop());

  const pathLogged = (traceId: string) => {
    const found = lines.filter((line) => line.traceId === traceId);
    expect(found, `log lines with trace id ${traceId}`).to.have.length(1);
    return found[0].path;
  };

  const cases: [string, string, string][] = [
    ['GET', '/petitie/requestor/Popescu/Ion/Maria', '/petitie/requestor/:contextId/:petitionNumber/:documentId'],
    ['GET', '/petitie/requestor/extend-term/Popescu/Ion/Maria', '/petitie/requestor/extend-term/:contextId/:petitionNumber/:documentId'],
    ['DELETE', '/petitie/requestor/Popescu/Ion', '/petitie/requestor/:contextId/:petitionNumber'],
    ['POST', '/petitie/requestor/petitions', '/petitie/requestor/petitions'],
    ['GET', '/petitie/authority/petitions/Popescu', '/petitie/authority/petitions/:petitionNumber'],
    ['GET', '/petitie/authority/petitions/Popescu/pdf', '/petitie/authority/petitions/:petitionNumber/pdf'],
    ['GET', '/petitie/authority/petitions/Popescu/attachment/Ion', '/petitie/authority/petitions/:petitionNumber/attachment/:attachmentId'],
    ['POST', '/petitie/authority/petitions/register', '/petitie/authority/petitions/register'],
  ];

  for (const [method, path, template] of cases) {
    it(`${method} ${template}: a client without the right is refused (403) and the line names the template`, async () => {
      const response = await petitions.platform.client('demo-consumer').request(method, path, method === 'POST' ? { body: {} } : {});
      expect(response.status, response.text).to.equal(403);
      const logged = pathLogged(response.json().traceId);
      expect(logged).to.equal(template);
      expect(JSON.stringify(lines.filter((line) => line.traceId === response.json().traceId))).to.not.include('Popescu');
    });
  }

  it('an invalid owner token on an authority operation is refused (401) and the line names the template', async () => {
    const token = await ownerToken('1003600000003', TEST_NOW, { key: STRANGER_KEY.privateKey });
    const response = await petitions.institution.get('/petitie/authority/petitions/Popescu', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, response.text).to.equal(401);
    expect(pathLogged(response.json().traceId)).to.equal('/petitie/authority/petitions/:petitionNumber');
  });
});
