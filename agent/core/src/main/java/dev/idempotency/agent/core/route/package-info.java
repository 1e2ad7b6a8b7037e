/** Routes: which declared endpoint, if any, a request's method and path (or resource method) names. */
package dev.idempotency.agent.core.route;
