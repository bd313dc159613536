import { formatUsd } from '@slotwise/shared/money';
import { StepFrame } from '../dialog.tsx';
import { formatDuration } from '../format.ts';
import type { Store } from '../state.ts';

export function ServiceStep({ store }: { store: Store }) {
  const services = store.business.value?.services ?? [];
  return (
    <StepFrame store={store} title="Choose a service" submit="Next">
      <fieldset className="sw-choices">
        <legend className="sw-sr">Services</legend>
        {services.map((sv) => (
          <label key={sv._id} className="sw-choice">
            <input
              type="radio"
              name="sw-service"
              value={sv._id}
              checked={store.serviceId.value === sv._id}
              onChange={() => store.chooseService(sv._id)}
            />
            <span className="sw-choice-main">
              <span className="sw-choice-name">{sv.serviceName}</span>
              <span className="sw-muted">{formatDuration(sv.duration)}</span>
            </span>
            <span className="sw-choice-price">{formatUsd(sv.price)}</span>
          </label>
        ))}
      </fieldset>
    </StepFrame>
  );
}
