/**
 * ALBA (docs/alba.md), notebook 01: start from {@link org.queuelab.repro.alba.Figure1} and
 * {@link org.queuelab.repro.alba.Theorem2}; {@link org.queuelab.repro.alba.AlbaClaims} gathers the claims.
 */
package org.queuelab.repro.alba;
