/** OkHttp 3 and 4: unsafe calls of a protected execution carry its derived keys. */
package dev.idempotency.agent.clients.okhttp3;
