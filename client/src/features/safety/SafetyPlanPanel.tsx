import { useState } from 'react';
import { Link } from 'react-router-dom';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useSafetyPlan } from '#client/features/safety/useSafetyPlan.ts';

const MIN = 60_000;
// The home times offered: the event's end + 30 min to + 6 h, + 60 min chosen (issue 30 point 3).
const OFFSETS = [30, 60, 90, 120, 180, 240, 360];
// The check's outcome in colour: an alert must not look like 'Kontrol açık'.
const STATE_TONE: Record<string, string> = {
  ALERTED: 'rounded-2xl border border-rose-400/60 bg-rose-500/15 p-3 text-rose-100',
  HOME: 'text-emerald-200',
};

// 'Planımı paylaş' and, once shared, the 'Evdeyim' check (issue 30 points 2 and 3, ADR 068): for the
// host and accepted participants. `canShare`: the event has not ended (a shared plan's check stays
// after the end, until the user is home).
export function SafetyPlanPanel({ eventId, canShare }: { eventId: string; canShare: boolean }) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const plan = useSafetyPlan(eventId);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [exact, setExact] = useState(false);
  const [offset, setOffset] = useState(60);
  const data = plan.data;
  if (!data?.event) return null;
  const mine = data.mySafetyPlan;
  const confirmed = data.trustedContacts.filter((c) => c.confirmed);
  const endsAt = new Date(data.event.endsAt).getTime();
  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(userFacingMessage(err, failed));
    }
  };

  if (mine) {
    const checkOpen = mine.state === 'ACTIVE';
    const expected = new Date(mine.expectedHomeAt).getTime();
    return (
      <section
        className="flex flex-col gap-3 rounded-3xl border border-accent-400/40 bg-ink-850/80 p-5"
        data-testid="safety-plan"
        data-state={mine.state}
      >
        <h2 className="text-lg font-bold text-white">{t('plan.activeTitle')}</h2>
        <p className="text-sm text-ink-200">
          {t('plan.sharedWith', { names: mine.contacts.map((c) => c.email).join(', ') || '—' })}
        </p>
        <p className="text-sm text-ink-200">
          {t('plan.expected', {
            time: `${fmt.date(mine.expectedHomeAt)} · ${fmt.time(mine.expectedHomeAt)}`,
          })}
        </p>
        {checkOpen && mine.askedAt ? (
          <p className="text-lg font-bold text-amber-200">{t('plan.ask')}</p>
        ) : null}
        <p className={`text-sm font-semibold ${STATE_TONE[mine.state] ?? 'text-ink-100'}`} role="status">
          {t(`plan.state.${mine.state}`)}
        </p>
        {mine.state === 'ACTIVE' || mine.state === 'ALERTED' ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => run(() => plan.home(mine.id), t('plan.done'), t('plan.failed'))}>
              🏠 {t('plan.home')}
            </Button>
            {checkOpen
              ? [30, 60].map((m) => (
                  <Button
                    key={m}
                    variant="secondary"
                    onClick={() =>
                      run(
                        () =>
                          plan.extend(
                            mine.id,
                            new Date(Math.max(expected, Date.now()) + m * MIN).toISOString(),
                          ),
                        t('plan.done'),
                        t('plan.failed'),
                      )
                    }
                  >
                    {t('plan.extend')} {t('plan.extendBy', { minutes: m })}
                  </Button>
                ))
              : null}
            <Button
              variant="ghost"
              onClick={() => run(() => plan.end(mine.id), t('plan.done'), t('plan.failed'))}
            >
              {t('plan.endCheck')}
            </Button>
          </div>
        ) : null}
      </section>
    );
  }
  if (!canShare) return null;
  if (!open)
    return (
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => setOpen(true)}
        data-testid="share-plan"
      >
        🛡️ {t('plan.share')}
      </Button>
    );
  const selected = chosen ?? confirmed.map((c) => c.id);
  return (
    <section
      className="flex flex-col gap-4 rounded-3xl border border-ink-700 bg-ink-850/80 p-5"
      data-testid="share-plan-form"
    >
      <h2 className="text-lg font-bold text-white">{t('plan.shareTitle')}</h2>
      <p className="text-sm text-ink-300">{t('plan.shareIntro')}</p>
      {confirmed.length === 0 ? (
        <p className="text-sm text-amber-200">
          {t('plan.noContacts')}{' '}
          <Link to="/dashboard/settings#trusted-contacts" className="underline">
            {t('plan.toSettings')}
          </Link>
        </p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink-200">{t('plan.contacts')}</legend>
          {confirmed.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm text-ink-100">
              <input
                type="checkbox"
                checked={selected.includes(c.id)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...selected, c.id] : selected.filter((id) => id !== c.id))
                }
              />
              {c.email}
            </label>
          ))}
        </fieldset>
      )}
      <label className="flex items-start gap-2 text-sm text-ink-100">
        <input type="checkbox" checked={exact} onChange={(e) => setExact(e.target.checked)} />
        <span>
          {t('plan.exact')}
          <span className="block text-xs text-ink-300">{t('plan.exactHint')}</span>
        </span>
      </label>
      <label className="flex flex-col gap-1 text-sm text-ink-200">
        {t('plan.homeAt')}
        <select
          className="rounded-xl border border-ink-600 bg-ink-800 px-3 py-2 text-white"
          value={offset}
          onChange={(e) => setOffset(Number(e.target.value))}
          data-testid="home-time"
        >
          {OFFSETS.map((m) => (
            <option key={m} value={m}>
              {fmt.time(endsAt + m * MIN)}
            </option>
          ))}
        </select>
        <span className="text-xs text-ink-300">{t('plan.homeHint')}</span>
      </label>
      <div className="flex gap-2">
        <Button
          disabled={selected.length === 0}
          loading={plan.sharing}
          onClick={() =>
            run(
              () =>
                plan.share({
                  eventId,
                  contactIds: selected,
                  shareExactPlace: exact,
                  expectedHomeAt: new Date(endsAt + offset * MIN).toISOString(),
                }),
              t('plan.sent'),
              t('plan.failed'),
            )
          }
        >
          {t('plan.send')}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('plan.cancel')}
        </Button>
      </div>
    </section>
  );
}
