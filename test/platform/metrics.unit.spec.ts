import { expect } from 'chai';
import { exposition, LabelledCounter, LabelledHistogram } from '../../src/platform/metrics';

describe('Metrics in the Prometheus text format (unit)', () => {
  it('writes HELP and TYPE before the samples, labels in braces, and ends with a newline', () => {
    const text = exposition([
      { name: 'a_total', help: 'the a', type: 'counter', samples: [{ labels: { kind: 'x', status: '202' }, value: 3 }] },
      { name: 'b', help: 'the b', type: 'gauge', samples: [{ value: 1.5 }] },
    ]);
    expect(text).to.equal('# HELP a_total the a\n# TYPE a_total counter\na_total{kind="x",status="202"} 3\n# HELP b the b\n# TYPE b gauge\nb 1.5\n');
  });

  it('escapes backslashes, quotes and newlines in label values, and backslashes and newlines in help', () => {
    const text = exposition([{ name: 'g', help: 'a \\ b\nc', type: 'gauge', samples: [{ labels: { group: 'q"\\\n' }, value: 0 }] }]);
    expect(text).to.equal('# HELP g a \\\\ b\\nc\n# TYPE g gauge\ng{group="q\\"\\\\\\n"} 0\n');
  });

  it('writes infinities and NaN as Prometheus spells them', () => {
    const text = exposition([{ name: 'g', help: 'h', type: 'gauge', samples: [{ value: Infinity }, { value: -Infinity }, { value: NaN }] }]);
    expect(text.split('\n').slice(2, 5)).to.deep.equal(['g +Inf', 'g -Inf', 'g NaN']);
  });

  it('counts by label values, one sample per combination seen', () => {
    const counter = new LabelledCounter(['mode', 'status'] as const);
    counter.inc({ mode: 'event', status: '202' });
    counter.inc({ mode: 'event', status: '202' });
    counter.inc({ mode: 'event', status: '400' });
    counter.inc({ mode: 'events', status: '202' }, 5);
    expect(counter.samples()).to.deep.equal([
      { labels: { mode: 'event', status: '202' }, value: 2 },
      { labels: { mode: 'event', status: '400' }, value: 1 },
      { labels: { mode: 'events', status: '202' }, value: 5 },
    ]);
  });

  it('keeps a histogram per label values: cumulative buckets up to +Inf, the sum and the count', () => {
    const histogram = new LabelledHistogram(['mode'] as const, [0.01, 0.1, 1]);
    for (const seconds of [0.005, 0.01, 0.05, 0.5, 3]) histogram.observe({ mode: 'event' }, seconds);
    histogram.observe({ mode: 'events' }, 0.2);
    const text = exposition([{ name: 'h_seconds', help: 'h', type: 'histogram', samples: histogram.samples() }]);
    expect(text.split('\n')).to.deep.equal([
      '# HELP h_seconds h',
      '# TYPE h_seconds histogram',
      'h_seconds_bucket{mode="event",le="0.01"} 2',
      'h_seconds_bucket{mode="event",le="0.1"} 3',
      'h_seconds_bucket{mode="event",le="1"} 4',
      'h_seconds_bucket{mode="event",le="+Inf"} 5',
      'h_seconds_sum{mode="event"} 3.565',
      'h_seconds_count{mode="event"} 5',
      'h_seconds_bucket{mode="events",le="0.01"} 0',
      'h_seconds_bucket{mode="events",le="0.1"} 0',
      'h_seconds_bucket{mode="events",le="1"} 1',
      'h_seconds_bucket{mode="events",le="+Inf"} 1',
      'h_seconds_sum{mode="events"} 0.2',
      'h_seconds_count{mode="events"} 1',
      '',
    ]);
  });
});
