import type { LegalSection } from '#client/features/legal/LegalDocument.tsx';

// The privacy policy and KVKK notice in English (routes/PrivacyRoute.tsx holds the Turkish text).
const MAIL = (
  <a className="font-semibold text-accent-400" href="mailto:destek@squad.app">
    destek@squad.app
  </a>
);

export const PRIVACY_INTRO_EN = (
  <p>
    Your privacy matters to us. This notice explains which of your personal data is processed when you use
    Squad, for what purpose and on what legal basis, to whom it is transferred, how long it is kept, and your
    rights under Law No. 6698.
  </p>
);

export const PRIVACY_SECTIONS_EN: LegalSection[] = [
  {
    title: 'Data controller',
    body: (
      <p>
        Under the Personal Data Protection Law No. 6698 (“KVKK”), Squad processes your personal data as data
        controller to the extent described below. This notice is written under Article 10 of the KVKK and the
        Communiqué on the Procedures and Principles of the Duty to Inform. You can reach us about anything at{' '}
        {MAIL}.
      </p>
    ),
  },
  {
    title: 'Which personal data we process',
    body: (
      <ul>
        <li>
          <strong>Identity and contact:</strong> e-mail address, display name, username, full name (with
          Google sign-in, the name and e-mail Google shares).
        </li>
        <li>
          <strong>Profile:</strong> profile picture, bio, interests, province/district, badges and statistics.
        </li>
        <li>
          <strong>Location:</strong> the exact location you choose in your profile, the address and
          coordinates of physical events you create, an approximate location derived from your IP address
          (country/city level) to centre the map and, if you allow it, your device’s current location.
        </li>
        <li>
          <strong>Events and communication:</strong> events you create and join, join requests and the
          messages you write with them, your conversations with hosts, ratings and feedback, reports and
          blocks.
        </li>
        <li>
          <strong>Tokens and transactions:</strong> token balance and movements, the packages you buy, amount
          and date. Your card details stay with the payment institution and are not stored by Squad.
        </li>
        <li>
          <strong>Transaction security:</strong> IP address, session records, device/browser information,
          error logs.
        </li>
      </ul>
    ),
  },
  {
    title: 'Location privacy',
    body: (
      <>
        <p>Because Squad is a platform where strangers meet, we protect location data especially:</p>
        <ul>
          <li>
            The{' '}
            <strong>
              exact address and coordinates of a physical event are shown only to its host and the
              participants the host accepted
            </strong>
            . Everyone else sees only the general area (e.g. “Moda, Kadıköy”) and a point rounded to about 1
            km.
          </li>
          <li>
            The exact location in your profile is never shown to other users; it is used only to sort the
            events near you.
          </li>
          <li>
            Your device’s location is used only when you allow it and while the map is open; no location
            history is kept.
          </li>
          <li>EXIF/GPS data in the photos you upload is removed before they are stored.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Purposes and legal bases',
    body: (
      <ul>
        <li>
          <strong>Membership, sign-in and providing the Platform</strong> (account, creating events, joining,
          messaging, token balance): entering into and performing the contract (KVKK Art. 5/2-c).
        </li>
        <li>
          <strong>Security and preventing abuse</strong> (the automatic check of join messages, reviewing
          reports, fighting spam and fraud, session security): the controller’s legitimate interest (Art.
          5/2-f).
        </li>
        <li>
          <strong>Recording token purchases, invoicing and legal retention duties</strong>: expressly provided
          by law and legal obligation (Art. 5/2-a, 5/2-ç).
        </li>
        <li>
          <strong>Establishing, exercising and defending rights</strong> (disputes, requests of authorities):
          Art. 5/2-e.
        </li>
        <li>
          <strong>Using your device’s location and optional notifications</strong>: your explicit consent
          (Art. 5/1); you can withdraw it at any time.
        </li>
      </ul>
    ),
  },
  {
    title: 'The automatic check of join messages',
    body: (
      <p>
        The message you write with a join request is checked automatically before it reaches the host. The
        check looks for patterns such as swearing and harassment, signs of spam (links, phone numbers, IBANs,
        the same text sent to many events) and pressure to move off the Platform. The result can be “fine”,
        “show to the host with a warning” or “decline automatically”; the host sees the result and the
        reasons. When a request is declined automatically you are told why, and you can object to the decision
        at {MAIL} (KVKK Art. 11/1-g). The check may use a rule-based engine or a language-model service; when
        a model is used, the message is sent only for this check and is not used to train the model.
      </p>
    ),
  },
  {
    title: 'Transfers and where data is stored',
    body: (
      <>
        <p>
          Your data is stored in data centres in the European Union (
          <strong>AWS Frankfurt, eu-central-1</strong>
          ). The sign-in service (Amazon Cognito) runs in the same region. Your personal data is therefore
          transferred abroad in line with Article 9 of the KVKK, under standard contracts signed with the
          service providers and with the necessary security measures.
        </p>
        <ul>
          <li>Hosting, storage, e-mail and sign-in providers (only to provide the service);</li>
          <li>Google, if you sign in with Google (only for the sign-in);</li>
          <li>The payment institution for token purchases (only the details a payment needs);</li>
          <li>Public authorities entitled by law (when legally required).</li>
        </ul>
        <p>
          Other users see only the public part of your profile and event details (subject to the location
          rules).
        </p>
      </>
    ),
  },
  {
    title: 'How long data is kept',
    body: (
      <ul>
        <li>
          Account and profile data: as long as the account is open; deleted or anonymised within 30 days after
          you close it.
        </li>
        <li>Join messages and conversations: 1 year from the event’s date (for reviewing reports).</li>
        <li>Token and payment records: for the period the tax and trade laws require (up to 10 years).</li>
        <li>
          Transaction security records: for the period Law No. 5651 and related rules require (at most 2
          years).
        </li>
      </ul>
    ),
  },
  {
    title: 'Your rights under Article 11 of the KVKK',
    body: (
      <>
        <p>Under Article 11 of the KVKK, by applying to Squad you have the right to:</p>
        <ul>
          <li>learn whether your personal data is processed,</li>
          <li>ask for information about it if it is,</li>
          <li>learn the purpose of processing and whether the data is used accordingly,</li>
          <li>know the third parties in Türkiye or abroad to whom it is transferred,</li>
          <li>ask for it to be corrected if it is incomplete or wrong,</li>
          <li>ask for it to be deleted or destroyed under the conditions of KVKK Art. 7,</li>
          <li>
            ask that corrections, deletions and destructions be notified to the third parties it went to,
          </li>
          <li>
            object to a result against you that arises from analysis of the data exclusively by automated
            systems,
          </li>
          <li>claim compensation if you suffer damage from unlawful processing.</li>
        </ul>
        <p>
          Send your application from your registered e-mail address to {MAIL}. It is answered free of charge
          within 30 days at the latest; if you find our answer insufficient, you can complain to the Personal
          Data Protection Board.
        </p>
      </>
    ),
  },
  {
    title: 'Cookies and local storage',
    body: (
      <p>
        Squad uses no advertising or tracking cookies. Your browser keeps only what is necessary (local
        storage): the sign-in details that keep your session and your language preference. When you log out,
        everything but your language preference is removed from your browser.
      </p>
    ),
  },
  {
    title: 'Minimum age and changes',
    body: (
      <p>
        Squad is not meant for anyone under 18 and does not knowingly process their data; if we find out that
        it does, we delete the account and its data. When we update this notice we publish the new version on
        this page and announce important changes separately.
      </p>
    ),
  },
];
