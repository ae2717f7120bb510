import { expect } from 'chai';
import { eventsOfPayload, parseRegistrationBody, UnreadableBodyError } from '../../src/eventlog/registration/registration-body';

const token = 'eyJhbGciOiJSUzI1NiJ9.eyJhIjoxfQ.c2ln';

describe('Event logging: what a /register body may hold', () => {
  it('one event object, one JWS token, or a JSON array mixing both', () => {
    expect(parseRegistrationBody('{"event_type":"a"}')).to.deep.equal([{ kind: 'unsigned', fields: { event_type: 'a' } }]);
    expect(parseRegistrationBody(` ${token}\n`)).to.deep.equal([{ kind: 'signed', token }]);
    expect(parseRegistrationBody(JSON.stringify([{ a: 1 }, token]))).to.deep.equal([
      { kind: 'unsigned', fields: { a: 1 } },
      { kind: 'signed', token },
    ]);
  });

  it('one item per line, as the public guide batches signed tokens', () => {
    expect(parseRegistrationBody(`${token}\n{"a":1}\r\n\n${token}`)).to.have.length(3);
  });

  it('refuses an empty body, invalid JSON and strings that are not tokens', () => {
    expect(() => parseRegistrationBody('  ')).to.throw(UnreadableBodyError);
    expect(() => parseRegistrationBody('{"a":')).to.throw(UnreadableBodyError, /not valid JSON/);
    expect(() => parseRegistrationBody('["hello"]')).to.throw(UnreadableBodyError, /JWS/);
  });

  it('reads a signed payload holding one event, an array, or one per line', () => {
    expect(eventsOfPayload('{"a":1}')).to.deep.equal([{ a: 1 }]);
    expect(eventsOfPayload('[{"a":1},{"a":2}]')).to.have.length(2);
    expect(eventsOfPayload('{"a":1}\n{"a":2}')).to.have.length(2);
  });

  it('refuses numbers parsing would change (the event would be logged altered), in a body, a line or a signed payload', () => {
    expect(() => parseRegistrationBody('{"event_type":"a","account":12345678901234567890}')).to.throw(UnreadableBodyError, /12345678901234567890.*as strings/);
    expect(() => parseRegistrationBody(`${token}\n{"amount":0.1000000000000000055511151231257827}`)).to.throw(UnreadableBodyError, /0\.1000000000000000055511151231257827/);
    expect(() => eventsOfPayload('{"a":1}\n{"a":1e400}')).to.throw(UnreadableBodyError, /1e400/);
    expect(parseRegistrationBody('{"a":1E2,"b":"12345678901234567890"}')).to.deep.equal([{ kind: 'unsigned', fields: { a: 100, b: '12345678901234567890' } }]);
  });
});
