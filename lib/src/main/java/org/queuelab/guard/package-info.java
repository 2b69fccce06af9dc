/**
 * Guards run before work starts: sizes that would overflow {@code int} or a Java array ({@link Sizes}), memory a
 * run would need against the heap ({@link Memory}), event/step/evaluation budgets with defaults a user can raise
 * ({@link Budget}), sums that must converge to a stated accuracy ({@link Series}), and the conditions under which
 * stationary metrics exist ({@link Stationarity}). Every refusal is an {@link IllegalArgumentException} (or, for a
 * budget exhausted while running, a {@link BudgetExceededException}) whose message names the quantity, its value,
 * the limit and how to raise or avoid it.
 *
 * <p>Start from {@link Require} for argument checks (the messages every model constructor uses), {@link Budget}
 * and {@link RunGuards} for work that must be sized before it runs, {@link AtomicFile} for crash-safe output, and
 * {@link Cancellation} for loops that must stop on an interrupt. See {@code docs/robustness.md}.
 */
package org.queuelab.guard;
