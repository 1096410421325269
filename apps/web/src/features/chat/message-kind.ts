import type { MessageFormatting, MessageType } from '@app/contracts';
import type { CSSProperties } from 'react';
import { DEFAULT_COLOR, DEFAULT_FONT_SIZE, messageKind } from '@app/contracts/browser';

/** Spec: a message holding only emoji characters is kind emoji, by the rule the server applies. */
export function textKind(text: string): MessageType {
  return messageKind(undefined, text);
}

export interface ComposerStyle {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  fontSize: number;
  color: string;
}

export const DEFAULT_STYLE: ComposerStyle = { bold: false, italic: false, underline: false, fontSize: DEFAULT_FONT_SIZE, color: DEFAULT_COLOR };

/** Only what differs from the defaults travels with a message. */
export function formattingOf(style: ComposerStyle): MessageFormatting | undefined {
  const formatting: MessageFormatting = {};
  if (style.bold) formatting.bold = true;
  if (style.italic) formatting.italic = true;
  if (style.underline) formatting.underline = true;
  if (style.fontSize !== DEFAULT_FONT_SIZE) formatting.fontSize = style.fontSize;
  if (style.color !== DEFAULT_COLOR) formatting.color = style.color;
  return Object.keys(formatting).length > 0 ? formatting : undefined;
}

/**
 * How formatted text is shown. The default colour follows the theme (black would vanish on the
 * dark one); a chosen colour goes to the `message-color` class through a variable, so each theme
 * can show it in a shade that reads on its bubbles (index.css).
 */
export function styleOf(formatting: MessageFormatting | null | undefined): { style: CSSProperties; className?: string } {
  if (!formatting) return { style: {} };
  const color = formatting.color && formatting.color !== DEFAULT_COLOR ? formatting.color : undefined;
  return {
    style: {
      fontWeight: formatting.bold ? 700 : undefined,
      fontStyle: formatting.italic ? 'italic' : undefined,
      textDecoration: formatting.underline ? 'underline' : undefined,
      fontSize: formatting.fontSize && formatting.fontSize !== DEFAULT_FONT_SIZE ? `${formatting.fontSize}px` : undefined,
      ...(color ? ({ '--message-color': color } as CSSProperties) : {}),
    },
    className: color ? 'message-color' : undefined,
  };
}
