import { describe, expect, it } from 'vitest';
import { createRedactor } from '../log/redact';
import { createConsoleLogger } from './logger';

describe('createConsoleLogger', () => {
  it('writes one redacted line per entry', () => {
    const lines: string[] = [];
    const redactor = createRedactor();
    redactor.addSecret('run-token-123');
    const logger = createConsoleLogger(
      (line) => lines.push(line),
      redactor,
      () => new Date(0),
    );
    logger.info('listening');
    logger.warn('refused run-token-123', { apiKey: 'k-1', url: '/bridge?token=run-token-123', status: 403 });
    logger.error('failed', { detail: 'Authorization: Bearer abc.def' });
    expect(lines[0]).toBe('1970-01-01T00:00:00.000Z info listening\n');
    expect(lines[1]).toBe(
      '1970-01-01T00:00:00.000Z warn refused [redacted] {"apiKey":"[redacted]","url":"/bridge?token=[redacted]","status":403}\n',
    );
    expect(lines[2]).not.toContain('abc.def');
  });
});
