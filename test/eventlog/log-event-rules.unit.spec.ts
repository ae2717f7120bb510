import { expect } from 'chai';
import { MAX_STRING_BYTES, checkLogEvent, clippedForLog, searchTermsOf, toIndexedValue } from '../../src/eventlog/registration/log-event-rules';

const valid = { event_time: '2024-05-01T10:00:00Z', event_type: 'Demo.User.Authenticated' };

describe('Event logging: the rules for one event', () => {
  it('accepts the two mandatory fields alone, custom fields, nested objects and arrays', () => {
    expect(checkLogEvent(valid, '')).to.deep.equal({});
    expect(checkLogEvent({ ...valid, user: ['2000000000001', '2000000000002'], count: 3, ok: true, address: { city: 'Chisinau', lines: ['a', 'b'] } }, '')).to.deep.equal({});
  });

  it('requires event_time and event_type as single non-empty strings', () => {
    expect(checkLogEvent({}, '')).to.have.keys('/event_time', '/event_type');
    expect(checkLogEvent({ ...valid, event_type: ['a', 'b'] }, '')).to.have.keys('/event_type');
    expect(checkLogEvent({ ...valid, event_time: '' }, '')).to.have.keys('/event_time');
    expect(checkLogEvent({ ...valid, event_time: '2024-05-01T10:00' }, '')).to.have.keys('/event_time');
  });

  it('refuses an event_time whose UTC instant falls outside the years 0000-9999, saying so', () => {
    const problems = checkLogEvent({ ...valid, event_time: '9999-12-31T23:59:59-23:59' }, '/2');
    expect(problems).to.have.keys('/2/event_time');
    expect(problems['/2/event_time']).to.deep.equal(['must fall within the years 0000-9999 once converted to UTC']);
    expect(checkLogEvent({ ...valid, event_time: '0099-05-01T10:00:00Z' }, '')).to.deep.equal({});
  });

  it('refuses names starting with _ or @, at any depth', () => {
    expect(checkLogEvent({ ...valid, _id: 'x' }, '')).to.have.keys('/_id');
    expect(checkLogEvent({ ...valid, '@timestamp': 'x' }, '')).to.have.keys('/@timestamp');
    expect(checkLogEvent({ ...valid, nested: { _hidden: 'x' } }, '/0')).to.have.keys('/0/nested/_hidden');
  });

  it('limits every string to 32766 UTF-8 bytes, not characters', () => {
    expect(checkLogEvent({ ...valid, event_message: 'a'.repeat(MAX_STRING_BYTES) }, '')).to.deep.equal({});
    expect(checkLogEvent({ ...valid, event_message: 'a'.repeat(MAX_STRING_BYTES + 1) }, '')).to.have.keys('/event_message');
    expect(checkLogEvent({ ...valid, event_message: 'ă'.repeat(16_384) }, '')).to.have.keys('/event_message');
    expect(checkLogEvent({ ...valid, tags: ['ok', 'x'.repeat(MAX_STRING_BYTES + 1)] }, '')).to.have.keys('/tags/1');
  });

  it('refuses an unpaired surrogate in a value or a name, and takes a proper pair (an emoji)', () => {
    expect(checkLogEvent({ ...valid, event_message: 'a \ud800 b' }, '')).to.have.keys('/event_message');
    expect(checkLogEvent({ ...valid, nested: { ['k\udc00']: 'v' } }, '')).to.have.keys('/nested/k\udc00');
    expect(checkLogEvent({ ...valid, event_message: 'ok \ud83d\ude00' }, '')).to.deep.equal({});
  });

  it("clips the platform's own text to a loggable string: 8,000 characters, no pair cut in two, lone surrogates replaced", () => {
    expect(clippedForLog('a'.repeat(9000))).to.equal('a'.repeat(8000));
    const emoji = '\ud83d\ude00';
    const cut = clippedForLog(`${'a'.repeat(7999)}${emoji}b`);
    expect(cut).to.equal('a'.repeat(7999));
    expect(clippedForLog(`x\ud800y\udc00z${emoji}`)).to.equal(`x\ufffdy\ufffdz${emoji}`);
    for (const text of [cut, clippedForLog(`\ud800abc`)]) expect(checkLogEvent({ ...valid, subject: text }, '')).to.deep.equal({});
  });

  it('refuses null, nested arrays and a personal-data type not shaped <Prefix>.PersonalData.<Action>', () => {
    expect(checkLogEvent({ ...valid, user: null }, '')).to.have.keys('/user');
    expect(checkLogEvent({ ...valid, matrix: [[1]] }, '')).to.have.keys('/matrix/0');
    expect(checkLogEvent({ ...valid, event_type: 'PersonalDataAccess' }, '')).to.have.keys('/event_type');
    expect(checkLogEvent({ ...valid, event_type: 'MPass.PersonalData.Access' }, '')).to.deep.equal({});
  });

  it('indexes every scalar as a string', () => {
    expect(toIndexedValue({ count: 3, ok: true, list: [1, 'a'], nested: { n: 1.5 } })).to.deep.equal({ count: '3', ok: 'true', list: ['1', 'a'], nested: { n: '1.5' } });
  });

  it('gives a search term for every scalar: nested names dotted, list elements under the list\'s name', () => {
    const terms = searchTermsOf({ event_type: 'A.B.C', count: 3, tag: ['red', 'red', 'blue'], parties: [{ idno: '1', role: 'x' }, { idno: '2' }], address: { city: 'Balti' } });
    expect(terms).to.deep.equal(['event_type=A.B.C', 'count=3', 'tag=red', 'tag=blue', 'parties.idno=1', 'parties.role=x', 'parties.idno=2', 'address.city=Balti']);
  });

  it('indexes no name a filter cannot use: none read two ways, no long name repeated for every value', () => {
    expect(searchTermsOf({ 'case=c': '1', case: 'c=1', 'a-b': 'x', '0': 'y' })).to.deep.equal(['case=c=1']);
    const longName = 'n'.repeat(30_000);
    const terms = searchTermsOf({ [longName]: Array.from({ length: 5_000 }, (_, index) => String(index)), short: ['1'] });
    expect(terms).to.deep.equal(['short=1']);
    expect(searchTermsOf({ ['x'.repeat(200)]: 'kept', ['y'.repeat(201)]: 'not' })).to.deep.equal([`${'x'.repeat(200)}=kept`]);
  });
});
