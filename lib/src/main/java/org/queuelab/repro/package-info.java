/**
 * The reproductions of the four works, one subpackage per work ({@code alba}, {@code sqdn}, {@code tabs},
 * {@code invariant}): the computations behind notebooks 01–04, kept in the library so that notebooks stay short.
 */
package org.queuelab.repro;
