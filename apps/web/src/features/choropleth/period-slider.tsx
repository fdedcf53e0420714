import { useLanguage } from '../../i18n';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { Period } from '@portal/contract/timeseries';
import { formatPeriod } from '@portal/contract/figure-format';

/** About two periods a second while playing; one every two seconds for a visitor whose system asks for less motion. */
const STEP_MS = 500;
const REDUCED_MOTION_STEP_MS = 2000;

const stepMs = () => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? REDUCED_MOTION_STEP_MS : STEP_MS);

export interface PeriodPlayer {
  playing: boolean;
  toggle: () => void;
}

/**
 * Steps through the periods while playing, stopping at the last. The next step waits until the
 * current period is drawn (`drawn`), so each one is seen even when its values are slow to come.
 */
export function usePeriodPlayer({
  index,
  count,
  drawn,
  onStep,
}: {
  index: number;
  count: number;
  drawn: boolean;
  onStep: (index: number) => void;
}): PeriodPlayer {
  const [playing, setPlaying] = useState(false);
  const step = useEffectEvent((next: number) => {
    onStep(next);
    if (next >= count - 1) setPlaying(false);
  });
  useEffect(() => {
    if (!playing || !drawn || index >= count - 1) return;
    const timer = setTimeout(() => step(index + 1), stepMs());
    return () => clearTimeout(timer);
  }, [playing, drawn, index, count]);
  const toggle = () => {
    // Play from the last period starts again from the first.
    if (!playing && index >= count - 1) onStep(0);
    setPlaying(!playing);
  };
  return { playing, toggle };
}

interface PeriodSliderProps {
  periods: string[];
  kind: Period;
  index: number;
  onChange: (index: number) => void;
  player: PeriodPlayer;
}

/** The period shown, with a slider over every period and a Play/Pause button when there is more than one. */
export function PeriodSlider({ periods, kind, index, onChange, player }: PeriodSliderProps) {
  const language = useLanguage();
  const { t } = useTranslation();
  const id = useId();
  const label = formatPeriod(periods[index], kind, language);
  if (periods.length < 2) {
    return <p className="choropleth-period-only mb-2">{t('choropleth.slider.only', { period: label })}</p>;
  }
  return (
    <div className="choropleth-slider">
      <Button variant="outline-primary" size="sm" className="choropleth-play" onClick={player.toggle}>
        {player.playing ? t('choropleth.slider.pause') : t('choropleth.slider.play')}
      </Button>
      <div className="choropleth-slider-track">
        <div className="d-flex justify-content-between gap-2">
          <Form.Label htmlFor={id} className="mb-0">
            {t('choropleth.slider.label')}
          </Form.Label>
          <output htmlFor={id} className="choropleth-period fw-semibold" aria-live="off">
            {label}
          </output>
        </div>
        <Form.Range
          id={id}
          min={0}
          max={periods.length - 1}
          step={1}
          value={index}
          aria-valuetext={label}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <div className="d-flex justify-content-between small text-body-secondary" aria-hidden="true">
          <span>{formatPeriod(periods[0], kind, language)}</span>
          <span>{formatPeriod(periods.at(-1)!, kind, language)}</span>
        </div>
      </div>
    </div>
  );
}
