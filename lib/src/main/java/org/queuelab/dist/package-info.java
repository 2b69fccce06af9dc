/**
 * Service-time laws: start from {@link org.queuelab.dist.ServiceDistribution} and its implementations
 * ({@link org.queuelab.dist.Exponential#unitMean()}, {@link org.queuelab.dist.LogNormal},
 * {@link org.queuelab.dist.GeneralizedPareto}, …); {@link org.queuelab.dist.PaperLaws} holds the laws of the works.
 * Times are in units of the model's time; every law gives its mean and squared coefficient of variation.
 */
package org.queuelab.dist;
