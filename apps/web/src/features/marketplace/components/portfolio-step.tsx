import { WIZARD_TEXT as T } from '../marketplace-copy';
import type { StepProps } from '../registration-form';
import { PortfolioItemsFields } from './portfolio-items-fields';
import { SocialLinksFields } from './social-links-fields';
import { TestimonialsFields } from './testimonials-fields';

export function PortfolioStep(props: StepProps) {
  return (
    <div className="space-y-6">
      <PortfolioItemsFields {...props} />
      <TestimonialsFields {...props} />
      <section className="space-y-3">
        <h3 className="font-semibold">{T.socialLinks}</h3>
        <SocialLinksFields values={props.draft} onChange={props.update} errors={props.errors} />
      </section>
    </div>
  );
}
