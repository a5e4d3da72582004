import {
  isPublishedTutorialStep,
  type PartnerSection,
  type SectionFieldsByName,
  sectionFile,
  type TutorialStep,
} from '@portal/domain';
import { useState } from 'react';
import { SectionImage } from './SectionImage';

/** Spec 002 §3: exactly four steps, codes 0 to 3. Extra or out-of-range steps are not shown. */
export function tutorialSteps(steps: TutorialStep[] | undefined): TutorialStep[] {
  return (
    (steps ?? [])
      // A step without title and text is never shown (saved before blank steps were dropped).
      .filter(
        (step) =>
          Number.isInteger(step.code) && step.code >= 0 && step.code <= 3 && isPublishedTutorialStep(step),
      )
      .sort((a, b) => a.code - b.code)
      .slice(0, 4)
  );
}

/**
 * A flip card: the step number and title on the front, the explanation on the back. It flips on hover and with
 * its button (click, Enter, Space). The faces are decoration; the title and text are also given as real,
 * always-present content for screen readers, so they do not depend on which face is showing.
 */
function FlipCard({ step, index }: { step: TutorialStep; index: number }) {
  const [flipped, setFlipped] = useState(false);
  const number = index + 1;
  return (
    <li className={flipped ? 'flip flip--flipped' : 'flip'}>
      <div className="flip__inner" aria-hidden="true">
        <div className="flip__face flip__front">
          <span className="flip__number">{number}</span>
          <span className="flip__title">{step.title}</span>
        </div>
        <div className="flip__face flip__back">
          <p>{step.text}</p>
        </div>
      </div>
      <h3 className="sr-only">
        Passo {number}: {step.title}
      </h3>
      <p className="sr-only">{step.text}</p>
      <button
        type="button"
        className="flip__button"
        aria-pressed={flipped}
        onClick={() => setFlipped((v) => !v)}
      >
        <span className="flip__button-label">
          Virar cartão<span className="sr-only"> do passo {number}</span>
        </span>
      </button>
    </li>
  );
}

export function Tutorial({ section }: { section: PartnerSection<SectionFieldsByName['tutorial']> }) {
  const steps = tutorialSteps(section.campos.steps);
  const image = sectionFile(section, 'image');
  return (
    <section id="como-funciona" className="section tutorial" aria-labelledby="como-funciona-title">
      <div className="container">
        <h2 id="como-funciona-title" className="section__title">
          {section.campos.title || 'Como funciona'}
        </h2>
        <SectionImage file={image} className="tutorial__img" />
        {steps.length > 0 && (
          <ol className="tutorial__steps">
            {steps.map((step, index) => (
              <FlipCard key={step.code} step={step} index={index} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
