package dev.idempotency.agent.tooling.references;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.pool.TypePool;

/**
 * The classes one loader provides, read as class files through a type pool, never loaded: whether
 * a class, or a member with its name and descriptor, exists there as the JVM would link it. A
 * method or field is looked up on its owner, its superclasses and all their interfaces; a
 * constructor on its owner alone. A supertype the loader lacks declares nothing. The bridge's
 * types, supertypes of adapter classes, are read from the agent's copy ({@link BridgeTypes}).
 */
final class HostTypes {

    private final TypePool pool;
    /** Type name to its methods' and fields' names and descriptors, read once per check. */
    private final Map<String, Set<String>> declaredMethods = new HashMap<>();
    private final Map<String, Set<String>> declaredFields = new HashMap<>();

    HostTypes(TypePool pool) {
        this.pool = pool;
    }

    boolean resolves(AdapterReference reference) {
        TypePool.Resolution owner = describe(reference.owner());
        if (!owner.isResolved()) {
            return false;
        }
        switch (reference.kind()) {
            case CLASS:
                return true;
            case FIELD:
                return declaresField(owner.resolve(), reference.name(), reference.descriptor());
            default:
                return reference.name().equals("<init>")
                        ? declaresOwnMethod(owner.resolve(), reference.name(), reference.descriptor())
                        : declaresMethod(owner.resolve(), reference.name(), reference.descriptor());
        }
    }

    /** Whether one of {@code types} (internal names) or their supertypes declares the method. */
    boolean anyDeclaresMethod(Collection<String> types, String name, String descriptor) {
        for (String type : types) {
            TypePool.Resolution resolution = describe(type);
            if (resolution.isResolved() && declaresMethod(resolution.resolve(), name, descriptor)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A type of the loader's, or of the bridge (an adapter class's supertype), which is read from
     * the agent's copy: asking the loader for it could make the loader refuse the bridge later.
     */
    private TypePool.Resolution describe(String internalName) {
        String name = internalName.replace('/', '.');
        return (BridgeTypes.isBridge(name) ? BridgeTypes.pool() : pool).describe(name);
    }

    private boolean declaresMethod(TypeDescription type, String name, String descriptor) {
        for (TypeDescription each : hierarchy(type)) {
            if (declaresOwnMethod(each, name, descriptor)) {
                return true;
            }
        }
        return false;
    }

    private boolean declaresOwnMethod(TypeDescription type, String name, String descriptor) {
        return declaredMethods.computeIfAbsent(type.getName(), ignored -> {
            Set<String> keys = new HashSet<>();
            for (MethodDescription.InDefinedShape method : type.getDeclaredMethods()) {
                keys.add(method.getInternalName() + method.getDescriptor());
            }
            return keys;
        }).contains(name + descriptor);
    }

    private boolean declaresField(TypeDescription type, String name, String descriptor) {
        for (TypeDescription each : hierarchy(type)) {
            Set<String> fields = declaredFields.computeIfAbsent(each.getName(), ignored -> {
                Set<String> keys = new HashSet<>();
                for (FieldDescription.InDefinedShape field : each.getDeclaredFields()) {
                    keys.add(field.getName() + field.getDescriptor());
                }
                return keys;
            });
            if (fields.contains(name + descriptor)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The type, its superclasses, then every interface they implement: the order the JVM searches.
     * A supertype that cannot be read is passed over (its description throws when first asked).
     */
    private static List<TypeDescription> hierarchy(TypeDescription start) {
        List<TypeDescription> classes = new ArrayList<>();
        Deque<TypeDescription> interfaces = new ArrayDeque<>();
        for (TypeDescription type = start; type != null; type = superClassOf(type)) {
            classes.add(type);
            interfaces.addAll(interfacesOf(type));
        }
        List<TypeDescription> all = new ArrayList<>(classes);
        Set<String> seen = new HashSet<>();
        while (!interfaces.isEmpty()) {
            TypeDescription implemented = interfaces.poll();
            if (seen.add(implemented.getName())) {
                all.add(implemented);
                interfaces.addAll(interfacesOf(implemented));
            }
        }
        return all;
    }

    private static TypeDescription superClassOf(TypeDescription type) {
        try {
            TypeDefinition superClass = type.getSuperClass();
            return superClass == null ? null : readable(superClass.asErasure());
        } catch (IllegalStateException unreadable) {
            return null;
        }
    }

    private static List<TypeDescription> interfacesOf(TypeDescription type) {
        List<TypeDescription> readable = new ArrayList<>();
        try {
            for (TypeDescription implemented : type.getInterfaces().asErasures()) {
                TypeDescription each = readable(implemented);
                if (each != null) {
                    readable.add(each);
                }
            }
        } catch (IllegalStateException unreadable) {
            // the class's own header could not be read: it declares no interface we can search
        }
        return readable;
    }

    /** The type if the loader has its class file; a lazily described type throws only when first read. */
    private static TypeDescription readable(TypeDescription type) {
        try {
            type.getModifiers();
            return type;
        } catch (IllegalStateException missing) {
            return null;
        }
    }
}
