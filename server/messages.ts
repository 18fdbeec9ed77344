/**
 * Every message the server sends to players, in the site's language (en, or ru on SITE=ru), and the error
 * type that carries one. Services throw AppError with a key; the app's error handler translates it.
 */
export const messages = {
  en: {
    bad_request: 'The request is malformed.',
    not_found: 'Not found.',
    not_signed_in: 'Please sign in first.',
    items_required: 'Choose from 1 to 15 of your items.',
    items_invalid: 'Item ids must be distinct whole numbers.',
    too_many_items: 'The maximum number of skins is reached (15).',
    target_required: 'Choose an item to upgrade to.',
    roll_under_invalid: 'The wheel direction must be 0 or 1.',
    chance_invalid: 'The win chance is missing or not a number.',
    multiplier_invalid: 'The multiplier must be a number.',
    token_missing: 'The request has no security token; reload the page.',
    token_invalid: 'The security token is expired or already used; try again.',
    captcha_failed: 'The anti-bot check failed; reload the page and try again.',
    item_unavailable: 'An item is no longer available; refresh your inventory.',
    item_locked: 'This skin cannot be used.',
    target_unavailable: 'That item is not available for upgrades.',
    target_too_cheap: 'The target item must cost more than your stake.',
    prices_changed: 'Prices have changed; check the chance and try again.',
    upgrade_won: 'You won!',
    upgrade_lost: 'You lost this time.',
    sell_id_invalid: 'The item id must be a whole number.',
    username_invalid: 'The username must be 3 to 32 letters, digits, _, - or .',
    password_invalid: 'The password must be 4 to 128 characters.',
    username_taken: 'This username is taken.',
    login_failed: 'Wrong username or password.',
    client_seed_invalid:
      'The client seed must be 1 to 64 visible characters: letters, digits, punctuation, symbols or spaces (no invisible or direction-changing characters).',
    roll_not_found: 'No game with this roll id.',
    page_invalid: 'The page must be a whole number from 0.',
    purpose_invalid: "The token purpose must be 'caseopen'.",
    db_unavailable: 'The service is temporarily unavailable; try again shortly.',
    rate_limited: 'Too many requests; slow down.',
    rate_limited_auth: 'Too many sign-in attempts from your address; wait a minute and try again.',
    rate_limited_login: 'Too many sign-in attempts for this account; wait a minute and try again.',
    rate_limited_upgrade: 'Too many upgrades in a row; wait a moment and try again.',
    cross_site: 'Requests from other sites are not allowed; open the page on this site.',
    internal: 'Something went wrong on our side.',
    rate_limited_page: 'Too many requests from your address; wait a minute and try again.',
    rate_limited_seed: 'Too many seed changes; wait an hour before changing your seed again.',
    password_short: 'Choose a password of 8 to 128 characters.',
    password_is_username: 'The password must not be your username.',
    password_common: 'This password is one of the most common ones; choose another.',
  },
  ru: {
    bad_request: 'Некорректный запрос.',
    not_found: 'Не найдено.',
    not_signed_in: 'Сначала войдите в аккаунт.',
    items_required: 'Выберите от 1 до 15 своих предметов.',
    items_invalid: 'Идентификаторы предметов должны быть разными целыми числами.',
    too_many_items: 'Достигнуто максимальное количество скинов (15).',
    target_required: 'Выберите предмет для апгрейда.',
    roll_under_invalid: 'Направление колеса должно быть 0 или 1.',
    chance_invalid: 'Шанс победы не указан или не является числом.',
    multiplier_invalid: 'Множитель должен быть числом.',
    token_missing: 'В запросе нет токена безопасности; обновите страницу.',
    token_invalid: 'Токен безопасности истёк или уже использован; попробуйте ещё раз.',
    captcha_failed: 'Проверка на робота не пройдена; обновите страницу и попробуйте ещё раз.',
    item_unavailable: 'Предмет больше недоступен; обновите инвентарь.',
    item_locked: 'Этот скин нельзя использовать.',
    target_unavailable: 'Этот предмет недоступен для апгрейда.',
    target_too_cheap: 'Целевой предмет должен стоить больше ставки.',
    prices_changed: 'Цены изменились; проверьте шанс и попробуйте снова.',
    upgrade_won: 'Вы выиграли!',
    upgrade_lost: 'На этот раз не повезло.',
    sell_id_invalid: 'Идентификатор предмета должен быть целым числом.',
    username_invalid: 'Имя пользователя: от 3 до 32 букв, цифр, _, - или .',
    password_invalid: 'Пароль должен содержать от 4 до 128 символов.',
    username_taken: 'Это имя пользователя занято.',
    login_failed: 'Неверное имя пользователя или пароль.',
    client_seed_invalid:
      'Клиентский сид: от 1 до 64 видимых символов — буквы, цифры, знаки препинания, символы или пробелы (без невидимых символов и символов смены направления текста).',
    roll_not_found: 'Игра с таким roll id не найдена.',
    page_invalid: 'Страница должна быть целым числом от 0.',
    purpose_invalid: "Назначение токена должно быть 'caseopen'.",
    db_unavailable: 'Сервис временно недоступен; попробуйте чуть позже.',
    rate_limited: 'Слишком много запросов; помедленнее.',
    rate_limited_auth: 'Слишком много попыток входа с вашего адреса; подождите минуту и попробуйте снова.',
    rate_limited_login: 'Слишком много попыток входа в этот аккаунт; подождите минуту и попробуйте снова.',
    rate_limited_upgrade: 'Слишком много апгрейдов подряд; подождите немного и попробуйте снова.',
    cross_site: 'Запросы с других сайтов не принимаются; откройте страницу на этом сайте.',
    internal: 'Что-то пошло не так на нашей стороне.',
    rate_limited_page: 'Слишком много запросов с вашего адреса; подождите минуту и попробуйте снова.',
    rate_limited_seed: 'Слишком много смен сида; подождите час, прежде чем менять сид снова.',
    password_short: 'Выберите пароль длиной от 8 до 128 символов.',
    password_is_username: 'Пароль не должен совпадать с именем пользователя.',
    password_common: 'Это один из самых распространённых паролей; выберите другой.',
  },
} as const;

/** A message key. */
export type MessageKey = keyof (typeof messages)['en'];
/** A supported language. */
export type Lang = keyof typeof messages;

/** The text of a key in a language. */
export function t(lang: Lang, key: MessageKey): string {
  return messages[lang][key];
}

/** A refusal the player should see: HTTP status plus a message key. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
  ) {
    super(key);
  }
}
