/**
 * The instrumentation groups of this module's adapters: what each advises, in which loaders, with
 * which advice, and its description (name, range, adapter jar), registered as a
 * {@code GroupLibrary}. Read in the agent's own class loader, beside the engine; left out of the
 * nested adapter jars, which hold what runs in the application's loaders.
 */
package dev.idempotency.agent.servlet.groups;
