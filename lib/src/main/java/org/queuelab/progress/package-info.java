/**
 * Progress of long work: {@link org.queuelab.progress.Progress} (the listener the library reports to; quiet by
 * default without a console) and {@link org.queuelab.progress.TerminalProgress} (a bar on stderr updated in place).
 */
package org.queuelab.progress;
