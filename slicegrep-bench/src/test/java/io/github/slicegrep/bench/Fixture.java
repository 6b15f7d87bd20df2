package io.github.slicegrep.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A tiny Python project written into a folder, for end-to-end runs without downloads. */
public final class Fixture {
  public static final String BILLING = """
      import os

      TAX = 0.2


      def compute_total(items, discount=0):
          \"\"\"Add up the line prices of an order and apply the discount rate.\"\"\"
          total = sum(item.price for item in items)
          if discount < 0:
              raise ValueError("discount rate cannot be negative here")
          return total * (1 - discount)


      def currency_symbol():
          \"\"\"Pick the currency sign from the locale environment setting.\"\"\"
          sign = os.environ.get("BILLING_CURRENCY", "$")
          return sign
      """;
  public static final String REPORT = """
      from pkg.billing import compute_total


      def render_invoice(order):
          \"\"\"Format an invoice document for printing on paper.\"\"\"
          amount = compute_total(order.items, order.discount)
          return f"Invoice {order.id}: {amount}"
      """;
  public static final String TEST = """
      from pkg.billing import compute_total


      def test_compute_total_applies_discount():
          items = [Item(10), Item(20)]
          assert compute_total(items, 0.5) == 15
      """;

  private Fixture() {}

  public static Path write(Path root) throws IOException {
    Files.createDirectories(root.resolve("pkg"));
    Files.createDirectories(root.resolve("tests"));
    Files.writeString(root.resolve("pkg/billing.py"), BILLING, StandardCharsets.UTF_8);
    Files.writeString(root.resolve("pkg/report.py"), REPORT, StandardCharsets.UTF_8);
    Files.writeString(root.resolve("tests/test_billing.py"), TEST, StandardCharsets.UTF_8);
    Files.writeString(root.resolve("README.md"), "# billing\nSmall invoicing helpers.\n",
        StandardCharsets.UTF_8);
    return root;
  }
}
