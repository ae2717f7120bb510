import { expect } from 'chai';
import { numbersChangedByParsing, parseJsonExactly, parsesExactly } from '../../src/platform/json-numbers';

describe('JSON numbers that parsing would change', () => {
  it('finds integers past 2^53 that a double does not hold, and decimals with more digits than it keeps', () => {
    expect(numbersChangedByParsing('{"account":12345678901234567890}')).to.deep.equal(['12345678901234567890']);
    expect(numbersChangedByParsing('[9007199254740993]')).to.deep.equal(['9007199254740993']);
    // 2^60 is a double, but JavaScript writes it back as 1152921504606847000, another integer for a reader in Java or C#
    expect(numbersChangedByParsing('[1152921504606846976]')).to.deep.equal(['1152921504606846976']);
    expect(numbersChangedByParsing('{"amount":0.1000000000000000055511151231257827}')).to.deep.equal(['0.1000000000000000055511151231257827']);
    expect(numbersChangedByParsing('{"n":-123456789.123456789}')).to.deep.equal(['-123456789.123456789']);
  });

  it('finds numbers out of a double range: too large (Infinity) or too small (0)', () => {
    expect(numbersChangedByParsing('{"a":1e400,"b":-2E+309,"c":1e-400}')).to.deep.equal(['1e400', '-2E+309', '1e-400']);
  });

  it('passes numbers a double holds however they are written', () => {
    const exact = ['0', '-0', '1E2', '100', '0.1', '1.5e-7', '123456789012345', '9007199254740992', '1152921504606847000', '1.0000000000000000', '0.000000000000000000001', '1e-300', '1.7976931348623157e308', '5e-324', '-0.0e0'];
    for (const written of exact) expect(parsesExactly(written), written).to.equal(true);
    expect(numbersChangedByParsing(`[${exact.join(',')}]`)).to.deep.equal([]);
  });

  it('reads every double as JavaScript writes it back as exact', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i += 1) {
      const value = (random() - 0.5) * 10 ** Math.floor(random() * 600 - 300);
      expect(parsesExactly(String(value)), String(value)).to.equal(true);
    }
  });

  it('does not read digits inside strings, escaped quotes included', () => {
    expect(numbersChangedByParsing('{"id":"12345678901234567890","s":"a\\"12345678901234567890","n":1}')).to.deep.equal([]);
    expect(numbersChangedByParsing('{"s":"\\\\","n":12345678901234567890}')).to.deep.equal(['12345678901234567890']);
  });

  it('names at most as many as asked', () => {
    const text = `[${Array.from({ length: 10 }, (_, i) => `1234567890123456789${i}`).join(',')}]`;
    expect(numbersChangedByParsing(text)).to.have.length(3);
    expect(numbersChangedByParsing(text, 1)).to.deep.equal(['12345678901234567890']);
  });

  it('parses a body as every reader does: not JSON, JSON with the numbers it would change, or its value', () => {
    expect(parseJsonExactly('{"a":')).to.deep.equal({ json: false });
    expect(parseJsonExactly('')).to.deep.equal({ json: false });
    expect(parseJsonExactly('{"a":[1,"x"]}')).to.deep.equal({ json: true, value: { a: [1, 'x'] }, changedNumbers: [] });
    expect(parseJsonExactly('[12345678901234567890,1e400]', 1)).to.deep.equal({ json: true, value: [12345678901234567000, Infinity], changedNumbers: ['12345678901234567890'] });
  });
});
