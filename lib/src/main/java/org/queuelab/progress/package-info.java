/**
 * Progress of long work (replications, sweeps, long integrations). Start from
 * {@link org.queuelab.progress.Progress}: the library calls {@code Progress.current().start(label, total)} and steps
 * the returned task; the listener is quiet by default without a console. To show bars, install
 * {@link org.queuelab.progress.TerminalProgress} (one line on stderr updated in place); a front end that draws
 * elsewhere (the notebook kernel) extends {@link org.queuelab.progress.BarProgress}. Reporting never changes a
 * result.
 */
package org.queuelab.progress;
