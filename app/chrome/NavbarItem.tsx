import { Component, type ReactNode } from 'react';

/**
 * One item of the navbar. An item that fails to render raises an error naming it, with the
 * original as its cause, so the crash page says which item broke (docs/docs-site.md).
 */
export class NavbarItem extends Component<{ name: string; children: ReactNode }, { error?: unknown }> {
  state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    if (this.state.error !== undefined) throw new Error(`The navbar item "${this.props.name}" failed to render.`, { cause: this.state.error });
    return this.props.children;
  }
}
