// The pooled nodemailer transport of platform.mail, built alike on a mail thread (mail-thread.ts) and on the main
// thread (SMTP_THREADS=0). nodemailer streams a composed message in many small pieces (each header block, boundary
// and encoded body line group), and the SMTP connection writes each piece to its socket as it comes: about nine
// writes a message, a fifth of a mail thread's time in the campaign benchmark's profile. A transform on the message
// stream (nodemailer's documented `stream` plugin step) hands it on whole instead: the same bytes, one write (three a
// message with the envelope and the final dot). The messages sent here are text and HTML, a few kilobytes each, so
// holding one whole costs nothing (docs/mailer.md, "One write a message").
import { Transform, type TransformCallback } from 'node:stream';
import nodemailer from 'nodemailer';

/** Collects the composed message and passes it on as one chunk at its end. */
class WholeMessage extends Transform {
  #chunks: Buffer[] = [];
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#chunks.push(chunk);
    done();
  }
  override _flush(done: TransformCallback): void {
    done(null, Buffer.concat(this.#chunks));
  }
}

export function pooledTransport(smtpUrl: string, poolSize: number, from: string) {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: poolSize }, { from });
  transport.use('stream', (mail, done) => {
    mail.message.transform(() => new WholeMessage());
    done();
  });
  return transport;
}
