export { showServerFieldError, zodRule } from '../../../components/form-field-errors';
