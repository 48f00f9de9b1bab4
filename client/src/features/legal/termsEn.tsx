import type { LegalSection } from '#client/features/legal/LegalDocument.tsx';

// The Terms of Use in English (routes/TermsRoute.tsx holds the Turkish text; both say the same).
export const TERMS_INTRO_EN = (
  <p>
    Welcome to Squad! The rules below exist to build a community where you can meet new people safely. Please
    read them carefully; the sections on safety (section 4) and conduct (section 5) matter most.
  </p>
);

export const TERMS_SECTIONS_EN: LegalSection[] = [
  {
    title: 'Parties and scope',
    body: (
      <>
        <p>
          These Terms of Use govern the relationship between Squad and everyone (“User”, “you”) who uses the
          Squad web app and its related services (“Squad”, “Platform”). By creating an account or using the
          Platform you confirm that you have read and accept these terms. If you do not accept them, do not
          use the Platform.
        </p>
        <p>
          Squad is an intermediary platform where people find, create and join events, either in person
          (physical) or online (games, chats, studying together and the like). Squad does not organise the
          events; users (“Hosts”) do.
        </p>
      </>
    ),
  },
  {
    title: 'Minimum age and your account',
    body: (
      <>
        <p>
          Squad is only for people who are <strong>18 or older</strong>. By opening an account you declare
          that you are over 18; if this turns out to be untrue, the account is closed.
        </p>
        <ul>
          <li>
            You can sign up with an e-mail address and a password or with your Google account. Your account
            becomes active only once your e-mail address is verified.
          </li>
          <li>
            You are responsible for keeping your details correct and up to date, keeping your password secret
            and everything done with your account.
          </li>
          <li>
            You may not open an account for someone else or under a false identity, and you may not transfer
            or sell your account.
          </li>
          <li>
            If you notice that your account is used without your permission, write to destek@squad.app at
            once.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Events, joining and the host’s approval',
    body: (
      <>
        <p>
          To join an event you send a request; accepting it is entirely the host’s decision. The message you
          add to your request passes an automatic check before it reaches the host (see section 6). Once the
          host accepts, you are a participant of the event.
        </p>
        <ul>
          <li>
            Hosts must keep the event’s title, description, time, place or platform correct and up to date.
          </li>
          <li>
            All events are free for participants on Squad; Squad takes no payment for joining and does not act
            as an agent for one.
          </li>
          <li>
            If you cannot make it, tell the host in time. Repeatedly not showing up without a word can lead to
            restrictions.
          </li>
          <li>Events involving alcohol, gambling, illegal substances or adult content may not be created.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Staying safe when meeting strangers',
    body: (
      <>
        <p>
          On Squad you meet people you do not know. Squad does not verify participants’ identities and is not
          present at events, so taking reasonable precautions for your own safety is your responsibility:
        </p>
        <ul>
          <li>
            Hold first meetings in busy, public places and tell someone close to you where you are going.
          </li>
          <li>
            Do not share your home address, ID, bank details or passwords; be wary of pressure to move off the
            Platform.
          </li>
          <li>You can leave an event whenever you feel uncomfortable. In an emergency, call 112.</li>
          <li>Report disturbing behaviour from the person’s profile, or block them.</li>
        </ul>
        <p>
          The exact address of a physical event is shown only to its host and the participants the host
          accepted; everyone else sees only the general area (e.g. “Kadıköy, İstanbul”) and a point rounded to
          about 1 km.
        </p>
      </>
    ),
  },
  {
    title: 'Rules of conduct',
    body: (
      <>
        <p>When you use Squad you agree not to:</p>
        <ul>
          <li>harass, threaten, spread hate speech, discriminate, bully or send unwanted sexual messages;</li>
          <li>
            send spam or advertising, defraud, create fake events or try to lead other users off the Platform;
          </li>
          <li>
            share other people’s personal data without permission, track their location or publish their
            photos without permission;
          </li>
          <li>
            try to break the Platform’s security, collect data with automated tools or disrupt the service;
          </li>
          <li>do anything against the laws of the Republic of Türkiye or the rights of others.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'The automatic check of join messages, and moderation',
    body: (
      <>
        <p>
          The message you write with a join request passes an automatic check before it reaches the host. It
          looks for signs such as swearing, harassment, spam, links, phone numbers or IBANs and gives one of
          three results: fine, shown to the host with a warning, or the request is declined automatically.
          When a request is declined automatically you are told why. The host always sees the check’s result
          and reasons; the final decision is always the host’s.
        </p>
        <p>
          Reported content and users are reviewed by the Squad team. If the rules are broken we may remove
          content, restrict an account temporarily or close it for good.
        </p>
      </>
    ),
  },
  {
    title: 'Tokens and purchases',
    body: (
      <>
        <p>
          Creating an event costs <strong>1 token</strong>. Tokens exist only to limit spam: they are not
          money, cannot be transferred to other users and cannot be exchanged for cash. New accounts get
          starter tokens; more can be bought in packages or earned through activities such as joining events.
        </p>
        <ul>
          <li>
            A package’s price, bonus tokens and validity are shown when you buy it; expired tokens cannot be
            used.
          </li>
          <li>
            Payments are taken by licensed payment institutions; your card details are not stored on Squad’s
            servers.
          </li>
          <li>
            For unused tokens you may withdraw from the purchase under Consumer Protection Law No. 6502 and
            the Distance Contracts Regulation. When an event without participants is cancelled, its token is
            refunded.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Content and intellectual property',
    body: (
      <p>
        You are responsible for what you share (event descriptions, profile details, photos, messages) and
        declare that you have the right to share it. You allow us to use it free of charge and
        non-exclusively, only to run and display the Platform. The Squad name, logo and software belong to
        Squad.
      </p>
    ),
  },
  {
    title: 'Limitation of liability',
    body: (
      <p>
        Squad is not responsible for the content of events organised by users, whether they take place, or
        what happens at them. The Platform is provided “as is”; we do not guarantee that it will run without
        interruption or error. Liability that cannot be limited by law remains unaffected.
      </p>
    ),
  },
  {
    title: 'Closing your account, and changes',
    body: (
      <p>
        You can close your account at any time. We may update these terms from time to time; we announce
        important changes by e-mail or in the app before they take effect. Using the Platform after a change
        means you accept the updated terms.
      </p>
    ),
  },
  {
    title: 'Governing law and contact',
    body: (
      <p>
        These terms are governed by the law of the Republic of Türkiye. Consumer arbitration committees and
        consumer courts have jurisdiction over consumer matters. For any question, notice or complaint:{' '}
        <a className="font-semibold text-accent-400" href="mailto:destek@squad.app">
          destek@squad.app
        </a>
        .
      </p>
    ),
  },
];
