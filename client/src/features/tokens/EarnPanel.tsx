import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { fieldErrors, userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useApplyReferralCode } from '#client/features/tokens/useTokenMutations.ts';

export type EarningView = {
  rules: { id: string; title: string; description: string; reward: number }[];
  challenge: { month: string; hostedEvents: number; goal: number; reward: number; done: boolean };
  referrals: { invited: number; rewarded: number; reward: number };
};

const ICONS: Record<string, string> = {
  PARTICIPATION: '🎟️',
  FIVE_STAR: '⭐',
  REFERRAL: '🤝',
  CHALLENGE: '🏆',
};
const COPIED_MS = 2000;

// Spec §2 Earn Tokens: the earning activities, the monthly challenge's progress, and the referral
// card with the personal link (copy, share) and the program's text.
export function EarnPanel({ earning, referralLink }: { earning: EarningView; referralLink: string | null }) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const { apply, loading } = useApplyReferralCode();
  const { challenge, referrals } = earning;
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = referralLink ? t('tokens.earn.shareText', { link: referralLink }) : '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const referrer = await apply(code);
      setCode('');
      setCodeError(undefined);
      toast.success(t('tokens.earn.applied', { name: referrer.displayName }));
    } catch (error) {
      setCodeError(fieldErrors(error).code ?? userFacingMessage(error, t('tokens.earn.applyFailed')));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold text-white">{t('tokens.earn.rules')}</h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {earning.rules.map((rule) => (
            <li key={rule.id}>
              <Card className="flex h-full items-center gap-4 p-4">
                <span aria-hidden="true" className="text-3xl">
                  {ICONS[rule.id] ?? '🪙'}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-white">{rule.title}</p>
                  <p className="text-sm text-ink-300">{rule.description}</p>
                </div>
                <span className="shrink-0 rounded-full bg-emerald-500/15 px-3 py-1 text-sm font-bold text-emerald-300">
                  {t('tokens.earn.reward', { count: rule.reward })}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <Card className="flex flex-col gap-3" data-testid="monthly-challenge">
        <h2 className="text-lg font-bold text-white">🏆 {t('tokens.earn.challenge')}</h2>
        <p className="text-sm text-ink-300">
          {t('tokens.earn.challengeText', { goal: challenge.goal, reward: challenge.reward })}
        </p>
        <div
          className="h-3 overflow-hidden rounded-full bg-ink-700"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={challenge.goal}
          aria-valuenow={challenge.hostedEvents}
          aria-label={t('tokens.earn.challenge')}
        >
          <div
            className="h-full rounded-full bg-accent-gradient"
            style={{ width: `${(100 * challenge.hostedEvents) / challenge.goal}%` }}
          />
        </div>
        <p className="text-sm font-semibold text-white">
          {challenge.done
            ? t('tokens.earn.challengeDone', { reward: challenge.reward })
            : t('tokens.earn.challengeProgress', { count: challenge.hostedEvents, goal: challenge.goal })}
        </p>
      </Card>

      <Card className="flex flex-col gap-3" data-testid="referral-card">
        <h2 className="text-lg font-bold text-white">🤝 {t('tokens.earn.referral')}</h2>
        <p className="text-sm text-ink-300">{t('tokens.earn.referralText')}</p>
        {referralLink ? (
          <>
            <label className="text-sm font-medium text-ink-200" htmlFor="referral-link">
              {t('tokens.earn.referralLink')}
            </label>
            <input
              id="referral-link"
              readOnly
              value={referralLink}
              onFocus={(e) => e.currentTarget.select()}
              className="h-11 rounded-xl border border-ink-600 bg-ink-900 px-3 font-mono text-sm text-ink-100"
            />
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={async () => {
                  await copyText(referralLink);
                  setCopied(true);
                }}
              >
                {copied ? t('tokens.earn.copied') : t('tokens.earn.copy')}
              </Button>
              <a
                className="inline-flex h-11 items-center rounded-xl border border-ink-600 px-4 text-sm font-semibold text-ink-100 hover:border-accent-400"
                href={`https://wa.me/?text=${encodeURIComponent(share)}`}
                target="_blank"
                rel="noreferrer"
              >
                {t('tokens.earn.shareWhatsapp')}
              </a>
              <a
                className="inline-flex h-11 items-center rounded-xl border border-ink-600 px-4 text-sm font-semibold text-ink-100 hover:border-accent-400"
                href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(share)}`}
                target="_blank"
                rel="noreferrer"
              >
                {t('tokens.earn.shareTwitter')}
              </a>
            </div>
          </>
        ) : null}
        <p className="text-xs text-ink-300">
          {t('tokens.earn.referralStats', {
            invited: fmt.number(referrals.invited),
            rewarded: fmt.number(referrals.rewarded),
          })}
        </p>
        <form className="flex items-end gap-2 border-t border-ink-700 pt-3" onSubmit={(e) => void submit(e)}>
          <Input
            className="flex-1"
            label={t('tokens.earn.haveCode')}
            placeholder={t('tokens.earn.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={codeError}
            autoCapitalize="characters"
          />
          <Button type="submit" variant="outline" className="h-12" loading={loading} disabled={!code.trim()}>
            {t('tokens.earn.apply')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
