import type { MouseEvent, RefObject } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Drawer } from "~/components/ui/Drawer";
import type { Shell } from "~/lib/shell";
import { AccountLink } from "./AccountLink";
import { LanguageSwitch } from "./LanguageSwitch";
import { StoreNavLinks } from "./StoreNavLinks";
import { ThemeSwitch } from "./ThemeSwitch";

/**
 * The phone's menu (loaded on demand by StoreHeader): the store's links, language, theme and the
 * account in a drawer from the start side. Following a link closes it at once.
 */
export default function StoreMenuPanel({
  shell,
  returnFocusTo,
  onClose,
}: {
  shell: Shell;
  returnFocusTo: RefObject<HTMLElement>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) onClose();
  };
  return (
    <Drawer
      title={t("phone.menu")}
      description={t("phone.menuDescription")}
      closeLabel={t("phone.closeMenu")}
      returnFocusTo={returnFocusTo}
      onClose={onClose}
    >
      {/* Catches the links' own clicks (Enter on a link is a click too). */}
      <div className="flex flex-col gap-4" onClick={closeOnLink}>
        <nav aria-label={t("header.mainNav")}>
          <StoreNavLinks cart={false} className="flex flex-col text-lg" />
        </nav>
        <div className="flex flex-col items-start gap-3 border-t border-line pt-4">
          <LanguageSwitch locale={shell.locale} />
          <ThemeSwitch theme={shell.theme} />
          <AccountLink labelled />
        </div>
      </div>
    </Drawer>
  );
}
