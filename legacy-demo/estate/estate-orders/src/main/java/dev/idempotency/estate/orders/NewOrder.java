package dev.idempotency.estate.orders;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The body of a create, {@code {"item":"...","quantity":N}}, read by hand: the domain has no JSON
 * library, so that every runtime can carry it whatever its own. The item is kept as it was written
 * in JSON (escapes included) and written back the same way.
 */
final class NewOrder {

    private static final Pattern OBJECT = Pattern.compile("\\A\\s*\\{(.*)}\\s*\\z", Pattern.DOTALL);
    private static final Pattern ITEM = Pattern.compile("\"item\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern QUANTITY = Pattern.compile("\"quantity\"\\s*:\\s*(-?\\d{1,9})\\b");

    private final String item;
    private final int quantity;

    private NewOrder(String item, int quantity) {
        this.item = item;
        this.quantity = quantity;
    }

    static NewOrder parse(String body) {
        if (body == null || !OBJECT.matcher(body).matches()) {
            throw new IllegalArgumentException("the body is not a JSON object");
        }
        Matcher item = ITEM.matcher(body);
        Matcher quantity = QUANTITY.matcher(body);
        if (!item.find() || !quantity.find()) {
            throw new IllegalArgumentException("the body needs a string \"item\" and an integer \"quantity\"");
        }
        return new NewOrder(item.group(1), Integer.parseInt(quantity.group(1)));
    }

    String item() {
        return item;
    }

    int quantity() {
        return quantity;
    }
}
