import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, type Handler, onboardedProfile, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';

const profile = (over: Partial<typeof onboardedProfile> = {}) => ({ body: { ...onboardedProfile, ...over } });
const PROFILE = 'GET /api/onboarding/profile';
/** A business just signed up: nothing saved yet. */
const fresh = profile({ name: null, niche: null, address: null, onboarded: false });

/** A fake server for a business that has saved nothing yet, with `routes` on top. */
function freshApi(routes: Record<string, Handler | Reply> = {}) {
  return fakeApi({ [PROFILE]: fresh, ...routes });
}

/** Renders a step and waits until the profile it starts from has loaded (the skeleton gone). */
async function renderStep(path: string) {
  const view = renderApp(path);
  await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
  return view;
}

describe('Onboarding step 1', () => {
  it('keeps Next disabled until a name is typed, then saves it and goes to step 2', async () => {
    storeToken();
    const api = freshApi({ 'POST /api/onboarding/step1': profile({ niche: null, address: null, onboarded: false }) });
    const { user, pathname } = await renderStep('/onboarding/step1');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Business Name'), '   ');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Business Name'), 'Sparkle Auto ');
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(pathname()).toBe('/onboarding/step2'));
    expect(api.callsTo('POST /api/onboarding/step1')[0]?.body).toEqual({ name: 'Sparkle Auto' });
  });

  it('says the user is not authenticated when there is no token', async () => {
    const api = freshApi();
    const { user, pathname } = await renderStep('/onboarding/step1');
    await user.type(screen.getByLabelText('Business Name'), 'Sparkle Auto');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('User not authenticated. Please log in again.');
    expect(api.calls).toHaveLength(0);
    expect(pathname()).toBe('/onboarding/step1');
  });

  it("shows the server's error, the fallback, or the network message", async () => {
    storeToken();
    const api = freshApi({
      'POST /api/onboarding/step1': { status: 400, body: { error: 'Business name must be at most 120 characters.' } },
    });
    const { user } = await renderStep('/onboarding/step1');
    await user.type(screen.getByLabelText('Business Name'), 'Sparkle Auto');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Business name must be at most 120 characters.');

    api.on('POST /api/onboarding/step1', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save business name.'));

    api.on('POST /api/onboarding/step1', 'network');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
  });

  it('logs out to /login when the server rejects the token', async () => {
    storeToken();
    freshApi({ 'POST /api/onboarding/step1': { status: 401, body: { error: 'Your session has expired.' } } });
    const { user, pathname } = await renderStep('/onboarding/step1');
    await user.type(screen.getByLabelText('Business Name'), 'Sparkle Auto');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Onboarding step 2', () => {
  it('offers the 11 niches by name and keeps Next disabled without a choice', async () => {
    storeToken();
    freshApi();
    await renderStep('/onboarding/step2');
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(11);
    for (const name of ['Car Detailing', 'Roof Cleaning', 'Pest Control', 'Other']) {
      expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('sends the chosen niche, stores it and goes to step 3', async () => {
    storeToken();
    const api = freshApi({ 'POST /api/onboarding/step2': profile({ address: null, onboarded: false }) });
    const { user, pathname } = await renderStep('/onboarding/step2');
    await user.click(screen.getByRole('radio', { name: 'Car Detailing' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pathname()).toBe('/onboarding/step3'));
    expect(api.callsTo('POST /api/onboarding/step2')[0]?.body).toEqual({ niche: 'car-detailing' });
    expect(localStorage.getItem('niche')).toBe('car-detailing');
  });

  it('reveals a text field for Other, needs it filled, and sends the text as the niche', async () => {
    storeToken();
    const api = freshApi({ 'POST /api/onboarding/step2': profile({ niche: 'Window cleaning', onboarded: false }) });
    const { user, pathname } = await renderStep('/onboarding/step2');
    expect(screen.queryByLabelText('Your niche')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    const text = screen.getByLabelText('Your niche');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(text, '  ');
    expect(next).toBeDisabled();
    await user.type(text, 'Window cleaning');
    await user.click(next);
    await waitFor(() => expect(pathname()).toBe('/onboarding/step3'));
    expect(api.callsTo('POST /api/onboarding/step2')[0]?.body).toEqual({ niche: 'Window cleaning' });
    expect(localStorage.getItem('niche')).toBe('Window cleaning');
  });

  it("shows the server's error, the fallback, or the network message", async () => {
    storeToken();
    const api = freshApi({ 'POST /api/onboarding/step2': { status: 503 } });
    const { user } = await renderStep('/onboarding/step2');
    await user.click(screen.getByRole('radio', { name: 'Lawn Care' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save niche.');
    api.on('POST /api/onboarding/step2', 'network');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
    api.on('POST /api/onboarding/step2', { status: 400, body: { error: 'Niche must be at most 80 characters.' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Niche must be at most 80 characters.'));
    expect(localStorage.getItem('niche')).toBeNull();
  });
});

describe('Onboarding step 3', () => {
  const suggestions = [
    { description: '42 Elm St, Beverly Hills, CA 90210, USA', placeId: 'zip:90210' },
    { description: '42 Elm St, Beverly Hills, CA 90211, USA', placeId: 'zip:90211' },
  ];

  it('searches only from 3 characters', async () => {
    storeToken();
    const api = freshApi({ 'GET /api/business/places': { body: suggestions } });
    const { user } = await renderStep('/onboarding/step3');
    const search = screen.getByRole('combobox', { name: 'Street address' });
    await user.type(search, '90');
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.callsTo('GET /api/business/places')).toHaveLength(0);
    await user.type(search, '2');
    expect(await screen.findByRole('option', { name: suggestions[0]?.description })).toBeInTheDocument();
    const searches = api.callsTo('GET /api/business/places');
    expect(searches).toHaveLength(1);
    expect(searches[0]?.url.searchParams.get('input')).toBe('902');
    expect(searches[0]?.headers.authorization).toBeUndefined();
  });

  it('debounces typing into one search', async () => {
    storeToken();
    const api = freshApi({ 'GET /api/business/places': { body: suggestions } });
    const { user } = await renderStep('/onboarding/step3');
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), '90210');
    await screen.findByRole('option', { name: suggestions[0]?.description });
    expect(api.callsTo('GET /api/business/places').map((c) => c.url.searchParams.get('input'))).toEqual(['90210']);
  });

  it('needs a street address chosen from the list', async () => {
    storeToken();
    const api = freshApi({ 'GET /api/business/places': { body: suggestions } });
    const { user } = await renderStep('/onboarding/step3');
    const search = screen.getByRole('combobox', { name: 'Street address' });
    expect(search).toHaveAttribute('placeholder', '1100 Congress Ave, Austin, TX 78701');
    expect(screen.queryByLabelText('House Number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please type your street address and pick it from the list.');

    await user.type(search, '42 Elm St, 90210');
    await screen.findByRole('option', { name: suggestions[0]?.description });
    // Typed text that was never picked from the list is not an address.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please type your street address and pick it from the list.');
    expect(api.callsTo('POST /api/onboarding/step3')).toHaveLength(0);
  });

  it("sends the chosen suggestion's whole text and goes to the live booking page", async () => {
    storeToken();
    const api = freshApi({
      'GET /api/business/places': { body: suggestions },
      'POST /api/onboarding/step3': profile(),
    });
    const { user, pathname } = await renderStep('/onboarding/step3');
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), '42 Elm St, 90210');
    await user.click(await screen.findByRole('option', { name: suggestions[0]?.description }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pathname()).toBe('/onboarding/live'));
    expect(api.callsTo('POST /api/onboarding/step3')[0]?.body).toEqual({
      address: '42 Elm St, Beverly Hills, CA 90210, USA',
    });
  });

  it("shows the server's sentence for an address with no street", async () => {
    storeToken();
    const needsStreet =
      "Add your business's street address (house number and street), like 1100 Congress Ave: drive times are measured from it.";
    freshApi({
      'GET /api/business/places': {
        body: [{ description: 'Beverly Hills, CA, USA', placeId: 'city:beverly hills|CA' }],
      },
      'POST /api/onboarding/step3': { status: 400, body: { error: needsStreet, code: 'ADDRESS_NEEDS_STREET' } },
    });
    const { user, pathname } = await renderStep('/onboarding/step3');
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), 'Beverly');
    await user.click(await screen.findByRole('option', { name: 'Beverly Hills, CA, USA' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(needsStreet);
    expect(pathname()).toBe('/onboarding/step3');
  });

  it('picks a suggestion with the keyboard', async () => {
    storeToken();
    freshApi({ 'GET /api/business/places': { body: suggestions } });
    const { user } = await renderStep('/onboarding/step3');
    const search = screen.getByRole('combobox', { name: 'Street address' });
    await user.type(search, '90210');
    await screen.findByRole('option', { name: suggestions[0]?.description });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(search).toHaveValue(suggestions[1]?.description);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("shows the server's error, the fallback, or the network message", async () => {
    storeToken();
    const api = freshApi({
      'GET /api/business/places': { body: suggestions },
      'POST /api/onboarding/step3': { status: 400, body: { error: 'We could not locate that address.' } },
    });
    const { user, pathname } = await renderStep('/onboarding/step3');
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), '42 Elm St, 90210');
    await user.click(await screen.findByRole('option', { name: suggestions[0]?.description }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not locate that address.');
    api.on('POST /api/onboarding/step3', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save address.'));
    api.on('POST /api/onboarding/step3', 'network');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
    expect(pathname()).toBe('/onboarding/step3');
  });
});

describe('Onboarding: Next waits for what the step needs, and sends once', () => {
  const suggestion = { description: '42 Elm St, Beverly Hills, CA 90210, USA', placeId: 'zip:90210' };
  const next = () => screen.getByRole('button', { name: 'Next' });

  it.each([
    ['/onboarding/step1', 'Business Name'],
    ['/onboarding/step2', 'Car Detailing'],
    ['/onboarding/step3', 'Street address'],
  ])('%s shows a skeleton and holds Next back until the saved profile has loaded', async (path, field) => {
    storeToken();
    const answer = deferred<Reply>();
    freshApi({ [PROFILE]: () => answer.promise });
    renderApp(path);
    loadingSkeleton();
    expect(next()).toBeDisabled();
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByLabelText(field)).not.toBeInTheDocument();
    answer.resolve(fresh);
    expect(await screen.findByLabelText(field)).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(next()).not.toHaveAttribute('aria-disabled');
  });

  it('shows the saved name when the owner comes back to step 1', async () => {
    storeToken();
    freshApi({ [PROFILE]: profile({ onboarded: false, niche: null, address: null }) });
    await renderStep('/onboarding/step1');
    expect(screen.getByLabelText('Business Name')).toHaveValue('Sparkle Auto');
    expect(next()).toBeEnabled();
  });

  it('shows the saved niche, in words for Other, when the owner comes back to step 2', async () => {
    storeToken();
    freshApi({ [PROFILE]: profile({ onboarded: false, niche: 'Window cleaning', address: null }) });
    await renderStep('/onboarding/step2');
    expect(screen.getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(screen.getByLabelText('Your niche')).toHaveValue('Window cleaning');
    // Shown, not jumped into: the owner did not just pick Other.
    expect(screen.getByLabelText('Your niche')).not.toHaveFocus();
    expect(next()).toBeEnabled();
  });

  it('shows the saved address when the owner comes back to step 3, and sends it as it was', async () => {
    storeToken();
    const api = freshApi({ [PROFILE]: profile(), 'POST /api/onboarding/step3': profile() });
    const { user, pathname } = await renderStep('/onboarding/step3');
    expect(screen.getByRole('combobox', { name: 'Street address' })).toHaveValue(
      '42 Elm St, Beverly Hills, CA 90210, USA',
    );
    await user.click(next());
    await waitFor(() => expect(pathname()).toBe('/onboarding/live'));
    expect(api.callsTo('POST /api/onboarding/step3')[0]?.body).toEqual({
      address: '42 Elm St, Beverly Hills, CA 90210, USA',
    });
  });

  it('says why the profile could not be loaded, keeps Next held back, and tries again', async () => {
    storeToken();
    const api = freshApi({ [PROFILE]: 'network' });
    const { user } = renderApp('/onboarding/step1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your business profile.');
    expect(next()).toBeDisabled();
    api.on(PROFILE, fresh);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Business Name')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  /** Each step filled in, with its save's route. */
  const steps = [
    {
      path: '/onboarding/step1',
      route: 'POST /api/onboarding/step1',
      fill: async (user: ReturnType<typeof renderApp>['user']) => {
        await user.type(screen.getByLabelText('Business Name'), 'Sparkle Auto');
      },
    },
    {
      path: '/onboarding/step2',
      route: 'POST /api/onboarding/step2',
      fill: async (user: ReturnType<typeof renderApp>['user']) => {
        await user.click(screen.getByRole('radio', { name: 'Lawn Care' }));
      },
    },
    {
      path: '/onboarding/step3',
      route: 'POST /api/onboarding/step3',
      fill: async (user: ReturnType<typeof renderApp>['user']) => {
        await user.type(screen.getByRole('combobox', { name: 'Street address' }), '42 Elm St, 90210');
        await user.click(await screen.findByRole('option', { name: suggestion.description }));
      },
    },
  ];

  it.each(steps)('$path holds Next back while saving, and a double click sends once', async ({ path, route, fill }) => {
    storeToken();
    const saved = deferred<Reply>();
    const api = freshApi({ 'GET /api/business/places': { body: [suggestion] }, [route]: () => saved.promise });
    const { user } = await renderStep(path);
    await fill(user);
    const button = next();
    expect(button).toBeEnabled();
    // Two clicks before React re-renders the button: the second must not send.
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveTextContent('Next');
    expect(button.closest('form')).toHaveAttribute('aria-busy', 'true');
    await user.dblClick(button);
    saved.resolve({ status: 500 });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(api.callsTo(route)).toHaveLength(1);
    // A refused save gives Next back.
    expect(next()).toBeEnabled();
    expect(next()).not.toHaveAttribute('aria-disabled');
  });
});
