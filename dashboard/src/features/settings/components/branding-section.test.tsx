import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, type Handler, type Reply } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { BrandingSection } from './branding-section.tsx';

/**
 * jsdom decodes no images and draws on no canvas: the browser's side of shrinkLogo
 * (logo-image.ts) answers a 1024 x 512 image and a small PNG, and records the canvas's size.
 */
function browserThatScalesImages() {
  const drawn: { width: number; height: number }[] = [];
  vi.stubGlobal('createImageBitmap', async () => ({ width: 1024, height: 512, close() {} }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    drawn.push({ width: this.width, height: this.height });
    return { drawImage() {} } as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob(['small png'], { type: 'image/png' })),
  );
  return drawn;
}

const S = '/api/business-dashboard/settings';
const start = {
  accentColor: '#4338ca',
  onAccent: '#ffffff',
  accentInk: '#4338ca',
  buttonText: 'Book now',
  buttonPosition: 'bottom-right',
  reportProblem: false,
  logoUrl: null,
};

function setup(over: Record<string, Handler | Reply> = {}) {
  storeToken();
  const sent: FakeRequest[] = [];
  const api = fakeApi({
    [`GET ${S}/branding`]: { body: start },
    [`PUT ${S}/branding`]: (req) => {
      sent.push(req);
      return { body: { ...start, ...(req.body as object), onAccent: '#000000', accentInk: '#000000' } };
    },
    [`PUT ${S}/logo`]: (req) => {
      sent.push(req);
      return { body: { ...start, logoUrl: 'http://localhost:3000/media/logos/b-0123456789abcdef.png' } };
    },
    ...over,
  });
  render(<BrandingSection />);
  return { api, sent, user: userEvent.setup() };
}

const preview = () => within(screen.getByRole('figure', { name: 'Preview' }));

describe('Settings: Booking Button and Branding', () => {
  it('shows the saved look, and the preview follows every change before it is saved', async () => {
    const { user, sent } = setup();
    const text = await screen.findByLabelText('Button text');
    expect(preview().getByText('Book now')).toBeInTheDocument();
    await user.clear(text);
    await user.type(text, 'Book a wash');
    const hex = screen.getByLabelText('Accent colour', { exact: true });
    fireEvent.change(hex, { target: { value: '#facc15' } });
    await user.click(screen.getByRole('radio', { name: 'Bottom left' }));
    const button = preview().getByText('Book a wash');
    // A light accent: black text on it, by the widget's own rule.
    expect(button).toHaveStyle({ background: '#facc15', color: '#000000' });
    expect(button.className).toContain('bottom-left');
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /Report a problem/ }));
    await user.click(screen.getByRole('button', { name: 'Save Branding' }));
    expect(await screen.findByText(/Branding saved/)).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      accentColor: '#facc15',
      buttonText: 'Book a wash',
      buttonPosition: 'bottom-left',
      reportProblem: true,
    });
  });

  it('says what a colour must look like, and will not save one that is not a colour', async () => {
    const { user } = setup();
    const hex = await screen.findByLabelText('Accent colour', { exact: true });
    await user.clear(hex);
    await user.type(hex, 'blue');
    expect(screen.getByText('Enter a hex colour like #4338ca.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Branding' })).toBeDisabled();
  });

  it("shows the server's sentence when saving is refused", async () => {
    const { user } = setup({
      [`PUT ${S}/branding`]: {
        status: 400,
        body: { code: 'VALIDATION_FAILED', error: 'Button text must be at most 30 characters.' },
      },
    });
    await screen.findByLabelText('Button text');
    await user.click(screen.getByRole('button', { name: 'Save Branding' }));
    expect(await screen.findByText(/Failed to save your branding/)).toBeInTheDocument();
    expect(screen.getByText(/Button text must be at most 30 characters/)).toBeInTheDocument();
  });

  it('uploads a logo scaled down in the browser, and shows it in the preview', async () => {
    const drawn = browserThatScalesImages();
    const { user, sent } = setup();
    const input = await screen.findByLabelText('Upload Logo');
    await user.upload(input, new File(['x'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Logo saved.')).toBeInTheDocument();
    expect(drawn).toEqual([{ width: 256, height: 128 }]);
    expect(sent[0]?.body).toEqual({ image: btoa('small png') });
    expect(screen.getByRole('img', { name: 'Your logo' })).toHaveAttribute(
      'src',
      'http://localhost:3000/media/logos/b-0123456789abcdef.png',
    );
  });
});
