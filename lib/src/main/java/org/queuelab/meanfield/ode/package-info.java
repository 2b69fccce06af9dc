/**
 * The ODE machinery under the fluid limits: {@link org.queuelab.meanfield.ode.FluidSolver} (Dormand–Prince with
 * located boundary switches, Rosenbrock–W on stiff segments) over a {@link org.queuelab.meanfield.ode.FluidProblem}.
 * Users reach it through {@code Fluid.of(model).integrate(...)}; start here only to add a fluid model.
 */
package org.queuelab.meanfield.ode;
