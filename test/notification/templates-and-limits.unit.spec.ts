import { expect } from 'chai';
import { LIMITS, checkNotificationLimits, subjectLengthBeforeSending, subjectLimitOf, type NotificationRequest } from '../../src/notification/notification/limits';
import { canceledEmail, requestedEmail } from '../../src/booking/processes/notices';
import { uuidFrom } from '../../src/notification/processes/notices';
import { builtInValues, fillContent, missingVariables, parseVariables } from '../../src/notification/template/variables';

const content = { Subject: { Ro: 'Salut {{name}}' }, Body: { Ro: 'Azi {{Date}}, {{name}}', En: 'Hi {{name}}' }, BodyShort: { Ro: '{{ name }}' } };
const request = (overrides: Partial<NotificationRequest> = {}): NotificationRequest => ({
  Subject: { Ro: 'S' },
  Body: { Ro: 'B' },
  BodyShort: { Ro: 'b' },
  Priority: 'Medium',
  Recipients: [{ Value: 'a@b.md', Type: 'Email' }],
  ...overrides,
});

describe('Notifications: templates, variables and limits', () => {
  it('fills {{Name}} placeholders in every language and leaves unknown ones', () => {
    expect(fillContent(content, { name: 'Ana' })).to.deep.equal({ Subject: { Ro: 'Salut Ana' }, Body: { Ro: 'Azi {{Date}}, Ana', En: 'Hi Ana' }, BodyShort: { Ro: 'Ana' } });
  });

  it('escapes values filled into the HTML body, not the template\'s own markup; plain text takes them as they are', () => {
    const markup = { Subject: { Ro: 'Re: {{name}}' }, Body: { Ro: '<p>Dragă {{name}}</p><a href="{{link}}">x</a>' }, BodyShort: { Ro: '{{name}} {{link}}' } };
    const values = { name: '<script>alert(1)</script> Tom & "Jerry" O\'Neil', link: '" onmouseover="alert(1)' };
    const filled = fillContent(markup, values);
    expect(filled.Body.Ro).to.equal('<p>Dragă &#60;script&#62;alert(1)&#60;/script&#62; Tom &#38; &#34;Jerry&#34; O&#39;Neil</p><a href="&#34; onmouseover=&#34;alert(1)">x</a>');
    expect(filled.Subject.Ro).to.equal(`Re: ${values.name}`);
    expect(filled.BodyShort.Ro).to.equal(`${values.name} ${values.link}`);
  });

  it('names the variables a content still needs, not counting the built-in ones', () => {
    expect(missingVariables(content, {})).to.deep.equal(['name']);
    expect(missingVariables(content, { name: 'x' })).to.deep.equal([]);
  });

  it('reads Variables as a JSON object of scalar values and explains anything else', () => {
    expect(parseVariables('{"a":"x","n":1,"b":true}')).to.deep.equal({ a: 'x', n: '1', b: 'true' });
    expect(parseVariables(undefined)).to.deep.equal({});
    expect(parseVariables('[1]')).to.be.a('string');
    expect(parseVariables('{"a":{"b":1}}')).to.be.a('string');
    expect(parseVariables('{oops')).to.be.a('string');
  });

  it('gives the built-in values in Chisinau time', () => {
    const values = builtInValues(new Date('2025-07-01T21:30:00Z'), { idnp: '2000000000011', firstName: 'Ion', lastName: 'Popescu' });
    expect(values).to.deep.equal({ Date: '02.07.2025', Time: '00:30', IDNP: '2000000000011', IDNO: '', RecipientFirstName: 'Ion', RecipientLastName: 'Popescu' });
  });

  it('gives every built-in a value: empty when the recipient has none (a contact given directly)', () => {
    const values = builtInValues(new Date('2025-07-01T21:30:00Z'), {});
    expect(values).to.deep.equal({ Date: '02.07.2025', Time: '00:30', IDNP: '', IDNO: '', RecipientFirstName: '', RecipientLastName: '' });
  });

  it('uses the e-mail subject limit unless only SMS, Viber, web push or cabinet recipients are named', () => {
    const long = { Ro: 'x'.repeat(LIMITS.subjectForEmail + 1) };
    expect(checkNotificationLimits(request({ Subject: long }), { ...request(), Subject: long }).errors).to.have.property('Subject.Ro');
    const sms = request({ Subject: long, Recipients: [{ Value: '+37369000001', Type: 'SMS' }] });
    expect(checkNotificationLimits(sms, sms).errors).to.deep.equal({});
  });

  it('counts the built-in placeholders of fixed length in a subject as their values will be sent', () => {
    expect(subjectLengthBeforeSending('{{IDNP}} {{IDNO}} {{ Date }} {{Time}}')).to.equal(13 + 1 + 13 + 1 + 10 + 1 + 5);
    expect(subjectLengthBeforeSending('Salut {{RecipientFirstName}}')).to.equal('Salut {{RecipientFirstName}}'.length);
    const stretched = { Ro: '{{IDNP}} {{IDNP}} {{IDNP}} x' }; // 28 characters as written, 43 as sent
    expect(checkNotificationLimits(request({ Subject: stretched }), { ...request(), Subject: stretched }).errors).to.have.property('Subject.Ro');
    expect(subjectLimitOf('Email')).to.equal(41);
    expect(subjectLimitOf('SMS')).to.equal(160);
  });

  it('keeps the booking e-mail subjects within 41 characters in every language and case', () => {
    for (const language of ['ro', 'ru', 'en'] as const) {
      const emails = [
        requestedEmail({ appointmentId: 'a', status: 'Waiting', citizen: {} }, language),
        requestedEmail({ appointmentId: 'a', status: 'Scheduled', citizen: {} }, language),
        canceledEmail({ appointmentId: 'a', reason: 'canceled', citizen: {} }, language),
        canceledEmail({ appointmentId: 'a', reason: 'expired', citizen: {} }, language),
      ];
      for (const email of emails) {
        const subject = email.subject.ro && (language === 'ru' ? email.subject.ru : language === 'en' ? email.subject.en : email.subject.ro);
        expect([...subject!].length, subject).to.be.at.most(LIMITS.subjectForEmail);
      }
    }
  });

  it('escapes what citizens typed into the booking e-mail\'s HTML', () => {
    const email = requestedEmail({ appointmentId: 'a', citizen: { firstName: '<script>', lastName: 'O\'Neil' } }, 'ro');
    expect(email.body.ro).to.contain('&#60;script&#62;').and.not.to.contain('<script>');
  });

  it('derives one stable UUID per booking event', () => {
    const id = uuidFrom('urn:md:gov:booking\nevent-1');
    expect(id).to.equal(uuidFrom('urn:md:gov:booking\nevent-1'));
    expect(id).not.to.equal(uuidFrom('urn:md:gov:booking\nevent-2'));
    expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
