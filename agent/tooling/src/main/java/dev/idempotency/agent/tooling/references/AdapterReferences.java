package dev.idempotency.agent.tooling.references;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ConstantDynamic;
import net.bytebuddy.jar.asm.FieldVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.pool.TypePool;

/**
 * What an adapter jar needs of the loader it is defined in: every class, method and field its
 * class files use outside the JDK, the agent's bridge, the adapter itself and the relocated Byte
 * Buddy (whose annotations only the agent reads). Read once per adapter jar, from its class files.
 *
 * <p><b>The optional-reference rule.</b> A reference made only inside an adapter method that may
 * override a method of a host supertype (not static, not private, no constructor, and called by no
 * adapter class) is needed only where a host supertype of that adapter class declares the method
 * (name and descriptor, through its superclasses and interfaces). Where none does, the host cannot
 * call the method at all, so what it uses never links: the servlet adapter's
 * {@code setReadListener(ReadListener)} or {@code setContentLengthLong(long)} on a Servlet 3.0
 * container. A method some adapter class calls itself is always needed; bridge methods count as
 * such calls, which errs towards needing more. The build's reference check
 * ({@code agent/reference-check}, run by each adapter module) applies the same rule to every API version an adapter claims.
 */
public final class AdapterReferences {

    private static final String[] LEFT_OUT = {
        "java/", "jdk/", "sun/", "com/sun/", // the JDK's; the compiler's --release checked them
        "dev/idempotency/agent/bootstrap/", // the bridge, in the boot loader before any adapter
        "dev/idempotency/agent/shaded/net/bytebuddy/", // the advice annotations, read by the agent alone
    };

    private final Set<AdapterReference> required;
    private final List<OverridingMethod> overriding;

    private AdapterReferences(Set<AdapterReference> required, List<OverridingMethod> overriding) {
        this.required = required;
        this.overriding = overriding;
    }

    /** The references of an adapter's classes, by binary name. */
    public static AdapterReferences of(Map<String, byte[]> adapterClasses) {
        Set<String> own = new HashSet<>();
        adapterClasses.keySet().forEach(name -> own.add(name.replace('.', '/')));
        Collector collector = new Collector(own);
        for (byte[] classFile : adapterClasses.values()) {
            new ClassReader(classFile).accept(collector, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        }
        return collector.result();
    }

    /**
     * The references {@code pool} (a loader's classes) cannot resolve, in the order the adapter's
     * classes make them; empty when the adapter links there.
     */
    public List<AdapterReference> missingIn(TypePool pool) {
        HostTypes host = new HostTypes(pool);
        Set<AdapterReference> missing = new LinkedHashSet<>();
        for (AdapterReference reference : required) {
            if (!host.resolves(reference)) {
                missing.add(reference);
            }
        }
        for (OverridingMethod method : overriding) {
            if (host.anyDeclaresMethod(method.hostSupertypes, method.name, method.descriptor)) {
                for (AdapterReference reference : method.references) {
                    if (!host.resolves(reference)) {
                        missing.add(reference);
                    }
                }
            }
        }
        return Collections.unmodifiableList(new ArrayList<>(missing));
    }

    /** Every reference, the optional ones included: what the adapter needs of the newest API. */
    public Set<AdapterReference> all() {
        Set<AdapterReference> all = new LinkedHashSet<>(required);
        overriding.forEach(method -> all.addAll(method.references));
        return all;
    }

    /** An adapter method that may override one of its host supertypes', with the references only it makes. */
    private static final class OverridingMethod {
        final Collection<String> hostSupertypes;
        final String name;
        final String descriptor;
        final Set<AdapterReference> references;

        OverridingMethod(Collection<String> hostSupertypes, String name, String descriptor, Set<AdapterReference> references) {
            this.hostSupertypes = hostSupertypes;
            this.name = name;
            this.descriptor = descriptor;
            this.references = references;
        }
    }

    /** Reads the adapter's class files one after another, then applies the optional-reference rule. */
    private static final class Collector extends ClassVisitor {

        private final Set<String> own;
        private final Set<AdapterReference> required = new LinkedHashSet<>();
        /** Adapter class to its superclass and interfaces. */
        private final Map<String, List<String>> supertypes = new HashMap<>();
        /** Adapter class to (method name + descriptor) to the references that method makes. */
        private final Map<String, Map<String, Set<AdapterReference>>> mayOverride = new LinkedHashMap<>();
        /** Name + descriptor of every method the adapter calls on one of its own classes. */
        private final Set<String> calledByAdapter = new HashSet<>();
        private String className;

        Collector(Set<String> own) {
            super(Opcodes.ASM9);
            this.own = own;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            className = name;
            List<String> direct = new ArrayList<>();
            if (superName != null) {
                direct.add(superName);
            }
            if (interfaces != null) {
                direct.addAll(Arrays.asList(interfaces));
            }
            supertypes.put(name, direct);
            direct.forEach(type -> addClass(required, type));
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            addType(required, Type.getType(descriptor));
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            boolean mayOverrideHost = (access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0 && !name.startsWith("<");
            Set<AdapterReference> into = mayOverrideHost
                    ? mayOverride.computeIfAbsent(className, ignored -> new LinkedHashMap<>())
                            .computeIfAbsent(name + descriptor, ignored -> new LinkedHashSet<>())
                    : required;
            addType(into, Type.getMethodType(descriptor));
            if (exceptions != null) {
                for (String thrown : exceptions) {
                    addClass(into, thrown);
                }
            }
            return new Instructions(into);
        }

        /** The instructions of one method, each class or member they name. */
        private final class Instructions extends MethodVisitor {
            private final Set<AdapterReference> into;

            Instructions(Set<AdapterReference> into) {
                super(Opcodes.ASM9);
                this.into = into;
            }

            @Override
            public void visitTypeInsn(int opcode, String type) {
                addType(into, Type.getObjectType(type));
            }

            @Override
            public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
                addType(into, Type.getType(descriptor));
                addMember(into, AdapterReference.toField(owner, name, descriptor));
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
                addMethod(into, owner, name, descriptor);
            }

            @Override
            public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
                addType(into, Type.getMethodType(descriptor));
                addConstant(into, bootstrap);
                for (Object argument : arguments) {
                    addConstant(into, argument);
                }
            }

            @Override
            public void visitLdcInsn(Object value) {
                addConstant(into, value);
            }

            @Override
            public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
                addType(into, Type.getType(descriptor));
            }

            @Override
            public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                if (type != null) {
                    addClass(into, type);
                }
            }
        }

        private void addConstant(Set<AdapterReference> into, Object constant) {
            if (constant instanceof Type) {
                addType(into, (Type) constant);
            } else if (constant instanceof Handle) {
                Handle handle = (Handle) constant;
                if (handle.getTag() <= Opcodes.H_PUTSTATIC) {
                    addType(into, Type.getType(handle.getDesc()));
                    addMember(into, AdapterReference.toField(handle.getOwner(), handle.getName(), handle.getDesc()));
                } else {
                    addMethod(into, handle.getOwner(), handle.getName(), handle.getDesc());
                }
            } else if (constant instanceof ConstantDynamic) {
                ConstantDynamic dynamic = (ConstantDynamic) constant;
                addType(into, Type.getType(dynamic.getDescriptor()));
                addConstant(into, dynamic.getBootstrapMethod());
                for (int i = 0; i < dynamic.getBootstrapMethodArgumentCount(); i++) {
                    addConstant(into, dynamic.getBootstrapMethodArgument(i));
                }
            }
        }

        private void addMethod(Set<AdapterReference> into, String owner, String name, String descriptor) {
            addType(into, Type.getMethodType(descriptor));
            if (owner.startsWith("[")) {
                addType(into, Type.getType(owner)); // clone() of an array: only the element type links
                return;
            }
            if (own.contains(owner)) {
                calledByAdapter.add(name + descriptor);
            }
            addMember(into, AdapterReference.toMethod(owner, name, descriptor));
        }

        private void addMember(Set<AdapterReference> into, AdapterReference member) {
            addClass(into, member.owner());
            if (isHost(member.owner())) {
                into.add(member);
            }
        }

        private void addType(Set<AdapterReference> into, Type type) {
            switch (type.getSort()) {
                case Type.ARRAY:
                    addType(into, type.getElementType());
                    break;
                case Type.OBJECT:
                    addClass(into, type.getInternalName());
                    break;
                case Type.METHOD:
                    for (Type argument : type.getArgumentTypes()) {
                        addType(into, argument);
                    }
                    addType(into, type.getReturnType());
                    break;
                default:
                    break; // primitives and void
            }
        }

        private void addClass(Set<AdapterReference> into, String internalName) {
            if (internalName.startsWith("[")) {
                addType(into, Type.getType(internalName));
            } else if (isHost(internalName)) {
                into.add(AdapterReference.toClass(internalName));
            }
        }

        private boolean isHost(String internalName) {
            if (own.contains(internalName)) {
                return false;
            }
            for (String prefix : LEFT_OUT) {
                if (internalName.startsWith(prefix)) {
                    return false;
                }
            }
            return true;
        }

        AdapterReferences result() {
            List<OverridingMethod> overriding = new ArrayList<>();
            mayOverride.forEach((adapterClass, methods) -> methods.forEach((method, references) -> {
                if (calledByAdapter.contains(method)) {
                    required.addAll(references);
                    return;
                }
                references.removeAll(required);
                if (!references.isEmpty()) {
                    int parameters = method.indexOf('(');
                    overriding.add(new OverridingMethod(hostSupertypesOf(adapterClass), method.substring(0, parameters),
                            method.substring(parameters), references));
                }
            }));
            // a reference needed anyway is not optional elsewhere
            overriding.forEach(method -> method.references.removeAll(required));
            overriding.removeIf(method -> method.references.isEmpty());
            return new AdapterReferences(Collections.unmodifiableSet(required), Collections.unmodifiableList(new ArrayList<>(overriding)));
        }

        /** The supertypes outside the adapter that an adapter class has, directly or through other adapter classes. */
        private List<String> hostSupertypesOf(String adapterClass) {
            List<String> host = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            Deque<String> pending = new ArrayDeque<>(supertypes.getOrDefault(adapterClass, Collections.emptyList()));
            while (!pending.isEmpty()) {
                String type = pending.poll();
                if (!seen.add(type)) {
                    continue;
                }
                if (own.contains(type)) {
                    pending.addAll(supertypes.getOrDefault(type, Collections.emptyList()));
                } else {
                    host.add(type);
                }
            }
            return Collections.unmodifiableList(new ArrayList<>(host));
        }
    }
}
